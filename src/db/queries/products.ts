import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";

export type OpenAmountCents = { min: number; max: number; suggested: number[] };

export type ProductRow = {
  id: string;
  accountId: string;
  mode: Mode;
  name: string;
  description: string | null;
  /** The fixed price; null for a pay-what-you-want product (openAmount). */
  valueCents: number | null;
  /** Pay what you want: the bounds and suggestions the payer chooses from, in centavos. */
  openAmount: OpenAmountCents | null;
  /** Where the payment page sends the payer once paid. */
  successUrl: string | null;
  createdAt: Date;
  archivedAt: Date | null;
};

const COLUMNS = `id, account_id AS "accountId", mode, name, description, value_cents AS "valueCents",
  open_amount AS "openAmount", success_url AS "successUrl", created_at AS "createdAt", archived_at AS "archivedAt"`;

export async function insertProduct(db: Db, p: ProductRow): Promise<ProductRow> {
  await db.query(
    `INSERT INTO products (id, account_id, mode, name, description, value_cents, open_amount,
       success_url, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      p.id,
      p.accountId,
      p.mode,
      p.name,
      p.description,
      p.valueCents,
      p.openAmount === null ? null : JSON.stringify(p.openAmount),
      p.successUrl,
      p.createdAt,
    ],
  );
  return p;
}

export async function findProduct(
  db: Db,
  k: { accountId: string; mode: Mode; id: string },
): Promise<ProductRow | undefined> {
  const rows = await db.query<ProductRow>(
    `SELECT ${COLUMNS} FROM products WHERE id = $1 AND account_id = $2 AND mode = $3`,
    [k.id, k.accountId, k.mode],
  );
  return rows[0];
}

/** A product by id in any account and mode: the public checkout's lookup. */
export async function findProductById(db: Db, id: string): Promise<ProductRow | undefined> {
  const rows = await db.query<ProductRow>(`SELECT ${COLUMNS} FROM products WHERE id = $1`, [id]);
  return rows[0];
}

export function listProducts(
  db: Db,
  k: { accountId: string; mode: Mode; includeArchived: boolean; limit: number; offset: number },
): Promise<ProductRow[]> {
  return db.query<ProductRow>(
    `SELECT ${COLUMNS} FROM products WHERE account_id = $1 AND mode = $2
       AND ($3 OR archived_at IS NULL)
     ORDER BY id DESC LIMIT $4 OFFSET $5`,
    [k.accountId, k.mode, k.includeArchived, k.limit, k.offset],
  );
}

export async function archiveProduct(
  db: Db,
  k: { accountId: string; mode: Mode; id: string; at: Date },
): Promise<ProductRow | undefined> {
  const rows = await db.query<ProductRow>(
    `UPDATE products SET archived_at = COALESCE(archived_at, $4)
     WHERE id = $1 AND account_id = $2 AND mode = $3 RETURNING ${COLUMNS}`,
    [k.id, k.accountId, k.mode, k.at],
  );
  return rows[0];
}
