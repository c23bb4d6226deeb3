import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

// A folder README that names a file which was moved, renamed or deleted sends its reader to
// nothing (four did after src/kernel/ took the shared kinds). Each README names files relative
// to itself, to src/, or by their bare name within a sub-folder it is describing, so a named
// path counts as existing when some file or folder of the tree ends with it.

const SKIP = new Set(["node_modules", "artifacts", "dist"]);

function walk(dir: string, out: string[]): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name) || e.name.startsWith(".")) continue;
    const p = join(dir, e.name);
    out.push(p);
    if (e.isDirectory()) walk(p, out);
  }
  return out;
}

/** The file and folder paths a README names in backticks (`x.ts`, `queries/`, `a/b.sql`). */
export function namedPaths(markdown: string): string[] {
  const out: string[] = [];
  for (const [, name = ""] of markdown.matchAll(/`([^`\s]+)`/g)) {
    if (/[*{}<>$:]|^\.|^\//.test(name)) continue; // patterns, placeholders, URLs, routes
    if (/\.(ts|sql|md|mjs)$/.test(name) || /^[\w-]+(\/[\w-]+)*\/$/.test(name)) out.push(name);
  }
  return out;
}

test("every file or folder a README under src/ or test/ names in backticks exists", () => {
  const paths = walk(".", []).map((p) => p.replace(/^\.\//, ""));
  const readmes = paths.filter((p) => /^(src|test)\/.*README\.md$/.test(p));
  assert.ok(readmes.length >= 20, `found ${readmes.length} READMEs`);
  const missing: string[] = [];
  for (const readme of readmes) {
    for (const name of namedPaths(readFileSync(readme, "utf8"))) {
      const want = name.replace(/\/$/, "");
      if (!paths.some((p) => p === want || p.endsWith(`/${want}`)))
        missing.push(`${readme}: ${name}`);
    }
  }
  assert.deepEqual(missing, []);
});

test("a README's named path is read as a path, and what is not a path is passed over", () => {
  assert.deepEqual(
    namedPaths(
      "`kernel/db.ts`, `queries/`, `db.ts` but not `GET /cobv/{token}`, `*.test.ts`, `Mode`, `https://x.example/a.ts`",
    ),
    ["kernel/db.ts", "queries/", "db.ts"],
  );
});
