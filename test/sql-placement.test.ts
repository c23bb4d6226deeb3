import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, test } from "node:test";

// Where the service's SQL is written: in src/db/queries/, one family of statements per file (a
// folder per family once it grows, as deliveries/, live-pix/ and subscriptions/ are), no file
// over 300 lines; never in src/domain/, whose use cases call those queries by name. Read from
// the source text, as architecture.test.ts reads imports: no parser, a few milliseconds.

const SRC = resolve(import.meta.dirname, "../src");
const MAX_QUERY_FILE_LINES = 300;

/** The .ts files under src/<dir> (tests aside), as paths relative to src/ with /. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(SRC, dir), { recursive: true })
    .map(String)
    .map((f) => f.split("\\").join("/"))
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .map((f) => `${dir}/${f}`)
    .sort();
}

const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

/**
 * The text with its comments blanked (a comment may describe the statement it is about), line
 * breaks kept so line numbers still point at the source. A `//` counts as a comment only at a
 * line's start or after a space, so the `//` of a URL in a string stays.
 */
export function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ""))
    .replace(/(^|\s)\/\/.*$/gm, "$1");
}

// The signs of a SQL statement in TypeScript source. A Db wrapper passing a caller's statement
// through (`db.query<T>(sql, params)`) and a regular expression's `.exec(text)` show none.
const SQL_SIGNS: Array<{ sign: string; re: RegExp }> = [
  {
    sign: "a query run with a literal statement",
    re: /\.(query|exec)\s*(<[^()]*?>)?\s*\(\s*[`"']/g,
  },
  { sign: "a sql`` template", re: /\bsql`/g },
  {
    sign: "a string literal holding a statement",
    re: /[`"']\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b[^`"']*?\b(FROM|INTO|SET|AS)\b/g,
  },
];

/** Each SQL sign in the source, as "line N: sign". */
export function sqlSigns(text: string): string[] {
  const code = withoutComments(text);
  const found = new Set<string>();
  for (const { sign, re } of SQL_SIGNS) {
    for (const m of code.matchAll(re)) {
      found.add(`line ${lineCount(code.slice(0, m.index + 1))}: ${sign}`);
    }
  }
  return [...found];
}

describe("the service's SQL lives in src/db/queries", () => {
  test(`no query file is over ${MAX_QUERY_FILE_LINES} lines (a family grows into a folder)`, () => {
    const long = sourceFiles("db/queries")
      .map((f) => ({ f, n: lineCount(readFileSync(join(SRC, f), "utf8")) }))
      .filter(({ n }) => n > MAX_QUERY_FILE_LINES)
      .map(({ f, n }) => `${f}: ${n} lines`);
    assert.deepEqual(long, [], "split the file by family, as db/queries/deliveries/ is");
  });

  test("no file of src/domain writes a SQL statement: it calls a query of src/db/queries", () => {
    const found = sourceFiles("domain").flatMap((f) =>
      sqlSigns(readFileSync(join(SRC, f), "utf8")).map((s) => `${f} ${s}`),
    );
    assert.deepEqual(found, [], "move the statement to src/db/queries and call it by name");
  });

  test("the SQL finder sees each sign it is shown, and passes comments and pass-throughs", () => {
    assert.deepEqual(sqlSigns(`await db.query("SELECT pg_advisory_xact_lock($1)", [id]);`), [
      "line 1: a query run with a literal statement",
    ]);
    assert.deepEqual(
      sqlSigns(
        "const rows = await deps.db.query<{ id: string; n: number }>(\n  `SELECT id FROM t`,\n);",
      ),
      [
        "line 1: a query run with a literal statement",
        "line 2: a string literal holding a statement",
      ],
    );
    assert.deepEqual(sqlSigns("const S = `UPDATE charges SET simulated = true`;"), [
      "line 1: a string literal holding a statement",
    ]);
    assert.deepEqual(sqlSigns("await tx.exec('DELETE FROM t');"), [
      "line 1: a query run with a literal statement",
      "line 1: a string literal holding a statement",
    ]);
    assert.deepEqual(sqlSigns("const q = sql`x`;"), ["line 1: a sql`` template"]);
    const innocent = [
      "// once (conditional UPDATE), and the charge approved (UPDATE ... SET status WHERE ...)",
      "/* SELECT a FROM b */ const x = 1;",
      "/**\n * Looking a token up costs one indexed SELECT by its hash FROM the cache\n */",
      "const run = tail.then(() => db.query<T>(sql, params));",
      "const m = /^(\\d{5})-?(\\d{3})$/.exec(input.trim());",
      'const url = "https://example.com/select"; // SELECT a FROM b',
      'throw unprocessable("DELETE /webhookrec failed");',
    ];
    for (const text of innocent) assert.deepEqual(sqlSigns(text), [], text);
  });
});
