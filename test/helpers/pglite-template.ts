import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import { MIGRATIONS_DIR, migrate } from "../../src/db/migrate.ts";
import { createPglite, pgliteDb } from "../../src/db/pglite.ts";
import type { Db } from "../../src/kernel/db.ts";

// A new PGlite runs initdb in a second WASM instance: 3-4 s of CPU on the CI machine, paid by
// every test database, more than migrating it (0.4 s) or loading a dumped data directory (0.9 s).
// So initdb runs once: a fresh database is dumped before and after the migrations, and every
// test database is loaded from one of the two dumps. The dumps are kept on disk between test
// files (each file is its own process), named by a hash of PGlite's version and every migration
// file, so a changed migration makes new ones. What a test sees is what initdb and migrate()
// made, as before; tests of migrate itself start from the empty dump.

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CACHE_DIR = join(ROOT, "node_modules", ".cache", "tostao-test-pglite");

export type Template = "empty" | "migrated";

let loaded: Promise<Record<Template, Blob>> | undefined;

/** A fresh in-memory PGlite holding what initdb (and, for "migrated", migrate()) would make. */
export async function openPgliteFromTemplate(template: Template): Promise<Db> {
  loaded ??= loadTemplates();
  return pgliteDb(await createPglite((await loaded)[template]));
}

async function loadTemplates(): Promise<Record<Template, Blob>> {
  const key = templateKey();
  const dir = join(CACHE_DIR, key);
  const paths = { empty: join(dir, "empty.tar.gz"), migrated: join(dir, "migrated.tar.gz") };
  const read = (t: Template) => new Blob([gunzipSync(readFileSync(paths[t]))]);
  if (existsSync(paths.empty) && existsSync(paths.migrated)) {
    try {
      return { empty: read("empty"), migrated: read("migrated") };
    } catch {
      // An unreadable copy is made again below.
    }
  }
  const built = await buildTemplates();
  try {
    // Templates of older migrations are of no more use.
    for (const old of existsSync(CACHE_DIR) ? readdirSync(CACHE_DIR) : []) {
      if (old !== key) rmSync(join(CACHE_DIR, old), { recursive: true, force: true });
    }
    mkdirSync(dir, { recursive: true });
    // Two test files may build at once: each writes its own file and renames it into place.
    for (const t of ["empty", "migrated"] as const) {
      const tmp = `${paths[t]}.${process.pid}`;
      writeFileSync(tmp, gzipSync(built[t], { level: 1 }));
      renameSync(tmp, paths[t]);
    }
  } catch {
    // A read-only node_modules: this file keeps its templates in memory, the next makes its own.
  }
  return { empty: new Blob([built.empty]), migrated: new Blob([built.migrated]) };
}

async function buildTemplates(): Promise<Record<Template, Buffer>> {
  const pglite = await createPglite();
  try {
    const empty = Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer());
    await migrate(pgliteDb(pglite));
    const migrated = Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer());
    return { empty, migrated };
  } finally {
    await pglite.close();
  }
}

function templateKey(): string {
  const hash = createHash("sha256");
  const pkg = join(ROOT, "node_modules", "@electric-sql", "pglite", "package.json");
  hash.update(JSON.parse(readFileSync(pkg, "utf8")).version);
  for (const f of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(`\0${f}\0`);
    hash.update(readFileSync(join(MIGRATIONS_DIR, f)));
  }
  // This file too: a change to how the templates are made makes new ones.
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  return hash.digest("hex").slice(0, 16);
}
