import { randomBytes } from "node:crypto";
import Fastify from "fastify";
import pg from "pg";

// The floor: a bare Fastify server doing the least database work each benchmarked operation
// needs, on the same database and pool size as the service. A scenario's ratio is its req/s
// over the floor's, so the figure means "what our layers cost" on this machine, this run.

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is required");
const pool = new pg.Pool({
  connectionString: url,
  max: Number(process.env.TOSTAO_DB_POOL_SIZE ?? 10),
});
await pool.query(
  "CREATE TABLE IF NOT EXISTS floor_rows (id text PRIMARY KEY, account_id text NOT NULL, body jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())",
);
const key = (await pool.query("SELECT token_hash FROM api_tokens LIMIT 1")).rows[0]?.token_hash;

const app = Fastify({ logger: false });
// One SELECT by key (the token hash index): the least an authenticated read can do. Both floor
// statements are prepared, as the service's are, so the ratio compares like with like.
app.get("/floor/read", async () => {
  const { rows } = await pool.query({
    name: "floor_read",
    text: "SELECT id, label, mode FROM api_tokens WHERE token_hash = $1",
    values: [key],
  });
  return { success: true, data: { rows } };
});
// One INSERT: the least a create can do.
app.post("/floor/create", async (req) => {
  const id = randomBytes(12).toString("hex");
  await pool.query({
    name: "floor_create",
    text: "INSERT INTO floor_rows (id, account_id, body) VALUES ($1, $2, $3)",
    values: [id, "acct", JSON.stringify(req.body ?? {})],
  });
  return { success: true, data: { id } };
});
const address = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`floor listening on ${address}\n`);
// Exit cleanly on the bench's SIGTERM, so a --cpu-prof run (BENCH_NODE_ARGS) writes the floor's
// profile too.
process.on("SIGTERM", () => process.exit(0));
