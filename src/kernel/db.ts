// The one database seam of the service. Domain code and queries see only this interface, so the
// same SQL runs on embedded PGlite (the zero-setup default) and on a PostgreSQL pool.
//
// Inside a transaction the handle passed to the callback is itself a Db whose transaction()
// runs the callback inline: a domain function that opens a transaction can be composed into a
// larger one (the idempotency layer wraps an operation and its stored response in one).

export type Row = Record<string, unknown>;

export interface Db {
  readonly kind: "pglite" | "postgres";
  /** One statement with $1.. parameters; returns its rows. */
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Pools only: fn on one connection held for it, outside any transaction (its transaction()
   * opens one on that connection). For what must not run in a transaction block and needs one
   * session throughout: the migrations' CREATE INDEX CONCURRENTLY under a session-level lock.
   */
  session?<T>(fn: (s: Db) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on a channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Connections of a pool: open, idle, and callers waiting for one (metrics; pools only). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** int8 columns (counts, centavos, satoshis) come back as JS numbers, refused past 2^53. */
export function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${text} exceeds 2^53`);
  return n;
}
