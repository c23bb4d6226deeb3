/** The environment of a request, chosen by the kind of token: 'test' is the sandbox. */
export type Mode = "test" | "live";

/** Who is calling: the account and mode every query is scoped by. */
export type Principal = { accountId: string; mode: Mode; tokenId: string };
