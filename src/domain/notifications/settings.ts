import { z } from "zod";
import { normalizeCnpj } from "../charges/br-validators.ts";
import { MAIL_KINDS, type MailKind } from "./kinds.ts";

// An account's mail settings, per mode: which kinds go, the payer's language, the Reply-To (the
// merchant's support address), the shop's CNPJ for the bill's PDF, and the days before a due
// date that a reminder goes. Stored as one jsonb per account and mode (notification_settings);
// what is missing there is the default, so a setting added later needs no migration.

export const MAIL_LANGUAGES = ["pt-BR", "en"] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export type NotificationSettings = {
  kinds: Record<MailKind, boolean>;
  language: MailLanguage;
  replyTo: string | null;
  taxId: string | null;
  reminderDaysBefore: number[];
};

export const DEFAULT_SETTINGS: NotificationSettings = {
  kinds: Object.fromEntries(MAIL_KINDS.map((k) => [k, true])) as Record<MailKind, boolean>,
  language: "pt-BR",
  replyTo: null,
  taxId: null,
  reminderDaysBefore: [3],
};

// One address of RFC 5321's size, and nothing a header could be split with.
const Address = z
  .string()
  .trim()
  .max(254, "must be at most 254 characters")
  .pipe(z.email("must be an e-mail address"));

const Cnpj = z.string().transform((v, ctx) => {
  const n = normalizeCnpj(v);
  if (n === undefined) {
    ctx.issues.push({ code: "custom", message: "must be a valid CNPJ", input: v });
    return z.NEVER;
  }
  return n;
});

/** A change to the settings (POST /api/notifications/settings/update): only what is given changes. */
export const UpdateNotificationSettingsSchema = z.strictObject({
  kinds: z
    .partialRecord(z.enum(MAIL_KINDS), z.boolean())
    .optional()
    .describe("Kinds of mail to turn on (true) or off (false); those not named keep theirs."),
  language: z
    .enum(MAIL_LANGUAGES)
    .optional()
    .describe("The language payers' mail is written in: pt-BR (the default) or en."),
  reply_to: Address.nullable()
    .optional()
    .describe("Where a payer's reply goes (your support address); null: no Reply-To."),
  tax_id: Cnpj.nullable().optional().describe("The shop's CNPJ, printed on a due-date bill's PDF."),
  reminder_days_before: z
    .array(z.number().int().min(1).max(30))
    .max(5, "at most 5 days")
    .optional()
    .describe("Days before a due date that a reminder goes (1..30, at most 5; default [3])."),
});
export type UpdateNotificationSettings = z.infer<typeof UpdateNotificationSettingsSchema>;

export const NotificationSettingsSchema = z.object({
  // Each kind as its own property (not a record), so the documents name them all.
  kinds: z.object(
    Object.fromEntries(MAIL_KINDS.map((k) => [k, z.boolean()])) as Record<MailKind, z.ZodBoolean>,
  ),
  language: z.enum(MAIL_LANGUAGES),
  reply_to: z.string().nullable(),
  tax_id: z.string().nullable(),
  reminder_days_before: z.array(z.number().int()),
  relay: z
    .object({
      configured: z.boolean(),
      explanation: z.string(),
    })
    .describe("Whether this mode's mail can leave the service, and why not when it cannot."),
});

/** The stored jsonb, read leniently: a key it lacks, or one a later release wrote, is default. */
export function settingsOf(stored: unknown): NotificationSettings {
  const s = (stored ?? {}) as Partial<Record<keyof NotificationSettings, unknown>>;
  const kinds = { ...DEFAULT_SETTINGS.kinds };
  if (s.kinds && typeof s.kinds === "object") {
    for (const k of MAIL_KINDS) {
      const v = (s.kinds as Record<string, unknown>)[k];
      if (typeof v === "boolean") kinds[k] = v;
    }
  }
  const days = Array.isArray(s.reminderDaysBefore)
    ? s.reminderDaysBefore.filter((d): d is number => Number.isInteger(d) && d >= 1 && d <= 30)
    : DEFAULT_SETTINGS.reminderDaysBefore;
  return {
    kinds,
    language: s.language === "en" ? "en" : "pt-BR",
    replyTo: typeof s.replyTo === "string" ? s.replyTo : null,
    taxId: typeof s.taxId === "string" ? s.taxId : null,
    reminderDaysBefore: days,
  };
}

/** The settings with a change applied. */
export function applySettings(
  current: NotificationSettings,
  change: UpdateNotificationSettings,
): NotificationSettings {
  return {
    kinds: { ...current.kinds, ...(change.kinds ?? {}) },
    language: change.language ?? current.language,
    replyTo: change.reply_to === undefined ? current.replyTo : change.reply_to,
    taxId: change.tax_id === undefined ? current.taxId : change.tax_id,
    reminderDaysBefore:
      change.reminder_days_before === undefined
        ? current.reminderDaysBefore
        : [...new Set(change.reminder_days_before)].sort((a, b) => b - a),
  };
}
