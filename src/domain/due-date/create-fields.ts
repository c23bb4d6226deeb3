import { DueDateTermsFields, type DueDateTermsInput, termsIssues } from "./terms-schema.ts";

// The due-date fields as `POST /api/pix/charge/create` takes them: the terms of terms-schema.ts,
// each optional (a charge without due_date is the ordinary, hours-long charge), and the rules
// that tie them to the rest of the body. Each problem names its field, so the 422 says which.

export const DEFAULT_DAYS_AFTER_DUE = 30;

export const DueDateFieldsSchemas = {
  due_date: DueDateTermsFields.due_date
    .optional()
    .describe(
      "Makes this a charge with a due date (BACEN's cobv): YYYY-MM-DD in Brazil's calendar, today or later. Needs customer_name and customer_cpf or customer_cnpj; not with expires_in.",
    ),
  days_after_due: DueDateTermsFields.days_after_due
    .unwrap()
    .optional()
    .describe(
      "With due_date: calendar days the charge stays payable after the due date (default 30; BACEN's validadeAposVencimento).",
    ),
  fine: DueDateTermsFields.fine.describe(
    "With due_date: charged once after the due date. mode fixed (value in BRL) or percent (value a percent of the amount).",
  ),
  interest: DueDateTermsFields.interest.describe(
    "With due_date: per day late after the due date; mode names the rate's period and whether days are calendar or business days.",
  ),
  abatement: DueDateTermsFields.abatement.describe(
    "With due_date: taken off the amount whatever the payment date (BRL or percent).",
  ),
  discounts: DueDateTermsFields.discounts.describe(
    "With due_date: for paying early; up to three {date, value} tiers (fixed_until_date, percent_until_date) or a value per day early.",
  ),
};

type Issue = { path: (string | number)[]; message: string };

/** The fields of a create body (charges/schemas.ts CreatePixCharge) that the due date reads. */
export type CreateInput = Partial<Omit<DueDateTermsInput, "days_after_due">> & {
  days_after_due?: number | undefined;
  expires_in?: number | undefined;
  customer_name?: string | undefined;
  customer_cpf?: string | undefined;
  customer_cnpj?: string | undefined;
};

const TERM_FIELDS = ["days_after_due", "fine", "interest", "abatement", "discounts"] as const;

/** The rules between the due-date fields and the rest of a create body (empty: fine). */
export function dueDateIssues(input: CreateInput): Issue[] {
  const issues: Issue[] = [];
  if (input.customer_cpf !== undefined && input.customer_cnpj !== undefined) {
    issues.push({
      path: ["customer_cnpj"],
      message: "send customer_cpf or customer_cnpj, not both (a charge has one debtor)",
    });
  }
  if (input.due_date === undefined) {
    for (const f of TERM_FIELDS) {
      if (input[f] !== undefined) issues.push({ path: [f], message: "needs due_date" });
    }
    return issues;
  }
  if (input.expires_in !== undefined) {
    issues.push({
      path: ["expires_in"],
      message:
        "cannot be sent with due_date: a due-date charge stays payable until days_after_due after it",
    });
  }
  if (!input.customer_name) {
    issues.push({
      path: ["customer_name"],
      message: "a charge with a due date needs the debtor's name",
    });
  }
  if (input.customer_cpf === undefined && input.customer_cnpj === undefined) {
    issues.push({
      path: ["customer_cpf"],
      message: "a charge with a due date needs customer_cpf or customer_cnpj",
    });
  }
  issues.push(...termsIssues(termsInputOf({ ...input, due_date: input.due_date })));
  return issues;
}

/** The terms of a create body that has a due_date, with days_after_due's default. */
export function termsInputOf(input: CreateInput & { due_date: string }): DueDateTermsInput {
  return {
    due_date: input.due_date,
    days_after_due: input.days_after_due ?? DEFAULT_DAYS_AFTER_DUE,
    ...(input.fine && { fine: input.fine }),
    ...(input.interest && { interest: input.interest }),
    ...(input.abatement && { abatement: input.abatement }),
    ...(input.discounts && { discounts: input.discounts }),
  };
}
