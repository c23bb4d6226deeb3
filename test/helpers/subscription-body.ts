/**
 * The create body of the tests' subscription: R$ 49,90 a month for Maria Silva from
 * `startDate`, with `extra` fields on top (a retry policy, an end date). One body for every
 * file, so a change to the create's required fields is made once.
 */
export const monthlyPlan = (startDate: string, extra: Record<string, unknown> = {}) => ({
  title: "Plano mensal",
  customer_name: "Maria Silva",
  customer_cpf: "529.982.247-25",
  periodicity: "monthly",
  start_date: startDate,
  value: 49.9,
  ...extra,
});
