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
  /** A live token whose account has a PSP connection to a local peer (bench/live-psp.ts). */
  mode?: "live";
  /** Sent with a key restricted to some scopes (the scope check's cost against the same row). */
  scoped?: true;
  /** A hot operation: run by `npm run bench -- hot` and by the regression check (compare.ts). */
  hot?: true;
};

export const scenarios: Scenario[] = [
  {
    name: "GET /api/auth/tokens (authenticated read)",
    floor: "read",
    method: "GET",
    path: () => "/api/auth/tokens",
  },
  {
    // The read row again with a key restricted to tokens:read: the scope check's cost per
    // request is this row's ratio minus the row above's.
    name: "GET /api/auth/tokens (scoped key)",
    floor: "read",
    method: "GET",
    path: () => "/api/auth/tokens",
    scoped: true,
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
    hot: true,
  },
  {
    // The same create with a live token: one PUT /cob over mTLS to a local PSP peer per charge.
    name: "POST /api/pix/charge/create live (PSP peer)",
    floor: "create",
    method: "POST",
    path: () => "/api/pix/charge/create",
    body: () => JSON.stringify({ value: 129.9, title: "Camiseta" }),
    idempotencyKey: true,
    mode: "live",
    hot: true,
  },
  {
    name: "GET /api/pix/charge/status",
    floor: "read",
    method: "GET",
    path: (ctx) => `/api/pix/charge/status?charge_id=${ctx.chargeId}`,
    hot: true,
  },
  {
    // A page of the account's newest charges (the create rows above made thousands).
    name: "GET /api/pix/charges?limit=20 (list)",
    floor: "read",
    method: "GET",
    path: () => "/api/pix/charges?limit=20",
    hot: true,
  },
];

/** Whether `only` (the bench's argument) picks this row: its name contains it, or "hot". */
export const picks = (only: string | undefined, s: Scenario) =>
  !only || (only === "hot" ? s.hot === true : s.name.includes(only));
