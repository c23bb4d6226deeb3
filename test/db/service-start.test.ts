import assert from "node:assert/strict";
import { test } from "node:test";
import pg from "pg";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { createService } from "../../src/service.ts";
import { createSchema, dropSchema, schemaUrl, TEST_DATABASE_URL } from "../helpers/db.ts";

test("a PostgreSQL start without TOSTAO_SECRET_KEY is refused before anything is written", {
  skip: TEST_DATABASE_URL ? false : "needs PostgreSQL (PGlite keeps a key file instead)",
}, async () => {
  const schema = await createSchema();
  try {
    const config = loadConfig({ DATABASE_URL: schemaUrl(schema) });
    await assert.rejects(createService(config, { logger: false }), ConfigError);
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    const tables = await client.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = $1",
      [schema],
    );
    await client.end();
    // Not even migrated: a later start with the key still finds an empty store and shows
    // its sandbox token.
    assert.deepEqual(tables.rows, []);
  } finally {
    await dropSchema(schema);
  }
});
