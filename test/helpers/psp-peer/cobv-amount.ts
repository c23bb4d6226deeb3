/**
 * What the peer charges the payer of a cobv on a payment date: its own reading of the BACEN file
 * (CobVValor's descriptions and the validadeAposVencimento examples), written WITHOUT
 * src/domain/due-date, so that our amount function and the peer can disagree and a test see it.
 *
 * The peer's calendar knows weekends only (no holidays): a due date, a discount date or the last
 * payable day on a Saturday or Sunday moves to Monday. Tests that compare with our amounts use
 * weekday dates away from holidays. Modalities computed: multa 1 (fixed) and 2 (percent, once),
 * juros 1-4 (calendar days: value a day, percent a day, a month of 30 days, a year of 365 days),
 * abatimento 1 and 2, desconto 1 and 2 (descontoDataFixa: the earliest tier date on or after the
 * payment date). Percentages apply to the original value minus the abatement; each part is
 * rounded half up to the centavo. Other modalities (business days, desconto 3-6) are accepted on
 * PUT and refused by `pay` with an Error naming them.
 */
export type CobVValor = {
  original: string;
  multa?: { modalidade: number; valorPerc: string };
  juros?: { modalidade: number; valorPerc: string };
  abatimento?: { modalidade: number; valorPerc: string };
  desconto?: {
    modalidade: number;
    valorPerc?: string;
    descontoDataFixa?: { data: string; valorPerc: string }[];
  };
};

/** "12.34" -> 1234 (the file's pattern \d{1,10}\.\d{2}). */
export const hundredths = (s: string): number => {
  const [w = "0", f = "00"] = s.split(".");
  return Number(w) * 100 + Number(f.padEnd(2, "0").slice(0, 2));
};

const DAY = 86_400_000;
const dayOf = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY;
const isWeekend = (d: number): boolean => {
  const w = new Date(d * DAY).getUTCDay();
  return w === 0 || w === 6;
};
const nextWeekday = (d: number): number => {
  let x = d;
  while (isWeekend(x)) x++;
  return x;
};
/** a * bp / 10000 / per, rounded half up (bp: hundredths of a percent). */
const pct = (base: number, bp: number, days = 1, per = 1): number =>
  Math.floor((2 * base * bp * days + 10_000 * per) / (2 * 10_000 * per));

export type PeerAmount = { total: number; payable: boolean; overdue: boolean };

export function peerAmountDue(
  valor: CobVValor,
  dataDeVencimento: string,
  validade: number,
  paidAt: string,
): PeerAmount {
  const pay = dayOf(paidAt);
  const due = nextWeekday(dayOf(dataDeVencimento));
  const last = nextWeekday(due + validade);
  const original = hundredths(valor.original);
  const ab = valor.abatimento;
  const abatement = !ab
    ? 0
    : ab.modalidade === 1
      ? hundredths(ab.valorPerc)
      : pct(original, hundredths(ab.valorPerc));
  const base = original - abatement;
  const overdue = pay > due;
  let total = base;
  if (overdue) {
    const m = valor.multa;
    if (m)
      total += m.modalidade === 1 ? hundredths(m.valorPerc) : pct(base, hundredths(m.valorPerc));
    const j = valor.juros;
    if (j) {
      const days = pay - due;
      const v = hundredths(j.valorPerc);
      if (j.modalidade === 1) total += v * days;
      else if (j.modalidade === 2) total += pct(base, v, days);
      else if (j.modalidade === 3) total += pct(base, v, days, 30);
      else if (j.modalidade === 4) total += pct(base, v, days, 365);
      else throw new Error(`the peer does not compute juros modalidade ${j.modalidade}`);
    }
  } else if (valor.desconto) {
    const d = valor.desconto;
    if (d.modalidade !== 1 && d.modalidade !== 2) {
      throw new Error(`the peer does not compute desconto modalidade ${d.modalidade}`);
    }
    const tiers = (d.descontoDataFixa ?? [])
      .map((t) => ({ day: nextWeekday(dayOf(t.data)), v: hundredths(t.valorPerc) }))
      .filter((t) => t.day >= pay)
      .sort((a, b) => a.day - b.day);
    const tier = tiers[0];
    if (tier) total -= Math.min(d.modalidade === 1 ? tier.v : pct(base, tier.v), base);
  }
  return { total, payable: pay <= last, overdue };
}
