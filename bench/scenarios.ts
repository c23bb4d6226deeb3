// The benchmark rows. Each names an operation of the service and the floor it is measured
// against; later capabilities add their rows here.

export type BenchContext = { token: string; serviceUrl: string };
export type Scenario = {
  name: string;
  floor: "read" | "create";
  method: "GET" | "POST";
  path: (ctx: BenchContext) => string;
  body?: (ctx: BenchContext) => string;
  headers?: (ctx: BenchContext) => Record<string, string>;
};

export const scenarios: Scenario[] = [
  {
    name: "GET /api/auth/tokens (authenticated read)",
    floor: "read",
    method: "GET",
    path: () => "/api/auth/tokens",
  },
];
