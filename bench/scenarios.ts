// The benchmark rows. Each names an operation of the service and the floor it is measured
// against; later capabilities add their rows here.

export type BenchContext = { token: string; serviceUrl: string; chargeId: string };
export type Scenario = {
  name: string;
  floor: "read" | "create";
  method: "GET" | "POST";
  path: (ctx: BenchContext) => string;
  body?: (ctx: BenchContext) => string;
  /** Send a fresh Idempotency-Key with every request (the full create path). */
  idempotencyKey?: boolean;
};

export const scenarios: Scenario[] = [
  {
    name: "GET /api/auth/tokens (authenticated read)",
    floor: "read",
    method: "GET",
    path: () => "/api/auth/tokens",
  },
  {
    name: "POST /api/pix/charge/create (+Idempotency-Key)",
    floor: "create",
    method: "POST",
    path: () => "/api/pix/charge/create",
    body: () =>
      JSON.stringify({
        value: 129.9,
        title: "Camiseta",
        customer_name: "Maria da Silva",
        customer_email: "maria@example.com",
        customer_cpf: "529.982.247-25",
      }),
    idempotencyKey: true,
  },
  {
    name: "GET /api/pix/charge/status",
    floor: "read",
    method: "GET",
    path: (ctx) => `/api/pix/charge/status?charge_id=${ctx.chargeId}`,
  },
];
