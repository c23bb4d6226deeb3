// The due-date refusals (domain/due-date/, due-date/due-charge.ts, the CSV batch) in Portuguese,
// for domain-messages.ts: a bill typed in the charge form or a line of a billing CSV refused
// says what to fix in the merchant's words, its dates as a Brazilian reads them.

/** "2026-11-28" -> "28/11/2026" (any other text as it is). */
export const brDate = (iso: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
};

/** The due-date fields by the name before any "." or "[" (discounts.tiers[0].value: desconto). */
export const DUE_FIELDS: Record<string, string> = {
  due_date: "vencimento",
  days_after_due: "dias para pagar depois do vencimento",
  fine: "multa",
  interest: "juros",
  discounts: "desconto",
  abatement: "abatimento",
  customer_cnpj: "CNPJ",
  customer_address: "endereço do cliente",
  customer_city: "cidade do cliente",
  customer_state: "UF do cliente",
  customer_zip: "CEP do cliente",
  paid_at: "data do pagamento",
};

export const DUE_MESSAGES: Array<
  [RegExp, string | ((match: string, ...groups: string[]) => string)]
> = [
  [
    /^must be today or later \(today in Brazil is (\d{4}-\d{2}-\d{2})\)$/,
    (_, today = "") => `deve ser hoje ou depois (hoje é ${brDate(today)})`,
  ],
  [/^must be a calendar date as YYYY-MM-DD$/, "deve ser uma data no formato AAAA-MM-DD"],
  [
    /^must be at most (\d+) years after today \((\d{4}-\d{2}-\d{2}) at the latest\)$/,
    (_, n = "", latest = "") =>
      `deve ser no máximo ${n} anos depois de hoje (até ${brDate(latest)})`,
  ],
  [
    /^is required in a batch \(charges with a due date\)$/,
    "é obrigatório em cada linha do arquivo",
  ],
  [/^needs due_date$/, "só vale para uma cobrança com vencimento: preencha o vencimento"],
  [
    /^a charge with a due date needs the debtor's name$/,
    "uma cobrança com vencimento precisa do nome do cliente",
  ],
  [
    /^a charge with a due date needs customer_cpf or customer_cnpj$/,
    "uma cobrança com vencimento precisa do CPF ou do CNPJ do cliente",
  ],
  [
    /^send customer_cpf or customer_cnpj, not both.*$/,
    "informe o CPF ou o CNPJ, não os dois (uma cobrança tem um só devedor)",
  ],
  [
    /^must be on or before due_date \((\d{4}-\d{2}-\d{2})\)$/,
    (_, due = "") => `deve ser até o vencimento (${brDate(due)})`,
  ],
  [/^repeats another tier's date$/, "repete a data de outra faixa de desconto"],
  [/^a percent must be at most 100$/, "um percentual deve ser no máximo 100"],
  [/^a percent must be less than 100$/, "um percentual deve ser menor que 100"],
  [/^must be less than the charge's amount$/, "deve ser menor que o valor da cobrança"],
  [
    /^must be less than the amount after the abatement$/,
    "deve ser menor que o valor depois do abatimento",
  ],
  [
    /^would leave nothing to pay on (\d{4}-\d{2}-\d{2}) .*$/,
    (_, date = "") =>
      `não deixaria nada a pagar em ${brDate(date)} (o valor devido deve ficar acima de R$ 0,00)`,
  ],
  [
    /^the amount due on the last payable day \((\d{4}-\d{2}-\d{2})\) would pass (R\$ [\d.,]+).*$/,
    (_, date = "", most = "") =>
      `o valor devido no último dia para pagar (${brDate(date)}) passaria de ${most}, o máximo de uma cobrança Pix`,
  ],
  [/^must be one of the 27 UFs, e\.g\. SP$/, "deve ser uma das 27 UFs (ex.: SP)"],
  [
    /^the PSP profile (\S+) does not serve charges with a due date \(cobv\).*$/,
    "o seu provedor PIX não oferece cobranças com vencimento; cobre sem vencimento",
  ],
  [/^only for a charge with a due_date$/, "só vale para uma cobrança com vencimento"],
];
