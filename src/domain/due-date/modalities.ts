// Our API's names for the modalities of a cobv's `valor` (BACEN API Pix v2.9.0, schema CobVValor:
// `multa`, `juros`, `abatimento`, `desconto`), and the table from each name to BACEN's
// `modalidade` number, for whoever builds the `PUT /cobv/{txid}` body. The names say what the
// number means, so a merchant reading `"interest": {"mode": "percent_per_month_calendar_days"}`
// needs no table.
//
// Units, everywhere in the domain (the API's decimal numbers are converted by terms-schema.ts):
// a "fixed" or "value_*" mode's value is integer centavos; a "percent*" mode's value is integer
// basis points (hundredths of a percent: 2% = 200), which is exactly BACEN's `valorPerc` with its
// two decimals ("2.00").

export const FINE_MODES = ["fixed", "percent"] as const;
export const ABATEMENT_MODES = ["fixed", "percent"] as const;
export const INTEREST_MODES = [
  "value_per_calendar_day",
  "percent_per_day_calendar_days",
  "percent_per_month_calendar_days",
  "percent_per_year_calendar_days",
  "value_per_business_day",
  "percent_per_day_business_days",
  "percent_per_month_business_days",
  "percent_per_year_business_days",
] as const;
/** Discounts with dates (up to three "until" tiers). */
export const DISCOUNT_TIER_MODES = ["fixed_until_date", "percent_until_date"] as const;
/** Discounts per day of paying early. */
export const DISCOUNT_DAILY_MODES = [
  "value_per_calendar_day_early",
  "value_per_business_day_early",
  "percent_per_calendar_day_early",
  "percent_per_business_day_early",
] as const;

export type FineMode = (typeof FINE_MODES)[number];
export type AbatementMode = (typeof ABATEMENT_MODES)[number];
export type InterestMode = (typeof INTEREST_MODES)[number];
export type DiscountTierMode = (typeof DISCOUNT_TIER_MODES)[number];
export type DiscountDailyMode = (typeof DISCOUNT_DAILY_MODES)[number];
export type DiscountMode = DiscountTierMode | DiscountDailyMode;

/** Our mode name -> BACEN's `modalidade` number, per field of `CobVValor`. */
export const BACEN_MODALIDADE = {
  /** valor.multa.modalidade: 1 Valor Fixo, 2 Percentual. */
  fine: { fixed: 1, percent: 2 },
  /** valor.abatimento.modalidade: 1 Valor Fixo, 2 Percentual. */
  abatement: { fixed: 1, percent: 2 },
  /** valor.juros.modalidade (1-4 dias corridos, 5-8 dias úteis). */
  interest: {
    value_per_calendar_day: 1,
    percent_per_day_calendar_days: 2,
    percent_per_month_calendar_days: 3,
    percent_per_year_calendar_days: 4,
    value_per_business_day: 5,
    percent_per_day_business_days: 6,
    percent_per_month_business_days: 7,
    percent_per_year_business_days: 8,
  },
  /** valor.desconto.modalidade: 1-2 with `descontoDataFixa`, 3-6 with `valorPerc`. */
  discounts: {
    fixed_until_date: 1,
    percent_until_date: 2,
    value_per_calendar_day_early: 3,
    value_per_business_day_early: 4,
    percent_per_calendar_day_early: 5,
    percent_per_business_day_early: 6,
  },
} as const satisfies {
  fine: Record<FineMode, number>;
  abatement: Record<AbatementMode, number>;
  interest: Record<InterestMode, number>;
  discounts: Record<DiscountMode, number>;
};

/** Whether a mode's value is basis points (else centavos). */
export function isPercentMode(mode: string): boolean {
  return mode.startsWith("percent");
}

/**
 * The divisor that turns a percent-per-period rate into a per-day rate, and whether its days are
 * business days. See docs/due-date.md for where 30, 365, 21 and 252 come from.
 */
export const INTEREST_PERIOD: Record<
  InterestMode,
  { readonly perValue: boolean; readonly daysPerPeriod: number; readonly businessDays: boolean }
> = {
  value_per_calendar_day: { perValue: true, daysPerPeriod: 1, businessDays: false },
  percent_per_day_calendar_days: { perValue: false, daysPerPeriod: 1, businessDays: false },
  percent_per_month_calendar_days: { perValue: false, daysPerPeriod: 30, businessDays: false },
  percent_per_year_calendar_days: { perValue: false, daysPerPeriod: 365, businessDays: false },
  value_per_business_day: { perValue: true, daysPerPeriod: 1, businessDays: true },
  percent_per_day_business_days: { perValue: false, daysPerPeriod: 1, businessDays: true },
  percent_per_month_business_days: { perValue: false, daysPerPeriod: 21, businessDays: true },
  percent_per_year_business_days: { perValue: false, daysPerPeriod: 252, businessDays: true },
};

/** A charge's due-date terms in domain units (centavos, basis points, `YYYY-MM-DD`). */
export interface DueDateTerms {
  readonly originalCents: number;
  readonly dueDate: string;
  /** BACEN's validadeAposVencimento: calendar days payable after the (moved) due date. */
  readonly daysAfterDue: number;
  readonly abatement?: { readonly mode: AbatementMode; readonly value: number };
  readonly fine?: { readonly mode: FineMode; readonly value: number };
  readonly interest?: { readonly mode: InterestMode; readonly value: number };
  readonly discounts?: DiscountTerms;
}

export type DiscountTerms =
  | {
      readonly mode: DiscountTierMode;
      readonly tiers: readonly { readonly date: string; readonly value: number }[];
    }
  | { readonly mode: DiscountDailyMode; readonly value: number };
