import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, test } from "node:test";

// The dashboard's shape (src/web/dashboard/README.md), checked on the source: a file either
// registers routes or writes HTML, never both; views are pure (no Fastify, no session, no
// database: data in, HTML out); and no function runs over 80 lines.
//
// The checks read the text, not a syntax tree, so they have limits:
// - "registers routes" is a call `web.get(`, `r.post(`… or `signedInRoutes(`; "writes HTML" is
//   the `html` template tag or `raw(`. A route written some other way would pass unseen.
// - A function starts on a line holding `function` or ending with `=> {`, and its length runs
//   from the line where its body's `{` opens to the line where that brace closes, counted with
//   `{`/`}` outside strings and comments. Braces inside a string or a regular expression that do
//   not pair up would miscount (none in these files today); a multi-line parameter list before
//   `=> {` is not counted; an arrow whose body is one expression (no `{`) is not measured.

const ROOT = resolve(import.meta.dirname, "../../src/web/dashboard");
const MAX_LINES = 80;

const files = readdirSync(ROOT, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
  .map((f) => f.split("\\").join("/"))
  .sort();
const source = (f: string) => readFileSync(join(ROOT, f), "utf8");

const REGISTERS =
  /\b(?:web|r|app)\.(?:get|post|put|patch|delete|route)\s*(?:<[^>]*>)?\(|\bsignedInRoutes\(/;
const WRITES_HTML = /\bhtml`|\braw\(/;

/** The code of a line without its comments and string contents (their braces do not count). */
function codeOf(line: string, state: { inBlockComment: boolean }): string {
  let out = "";
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    const next = line[i + 1];
    if (state.inBlockComment) {
      if (c === "*" && next === "/") {
        state.inBlockComment = false;
        i++;
      }
      continue;
    }
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === "/" && next === "/") break;
    if (c === "/" && next === "*") {
      state.inBlockComment = true;
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      continue;
    }
    out += c;
  }
  return out;
}

/** Every function of a source text with its length in lines (see the limits above). */
export function functionLengths(
  text: string,
): Array<{ line: number; lines: number; head: string }> {
  const lines = text.split("\n");
  const state = { inBlockComment: false };
  const code = lines.map((l) => codeOf(l, state));
  const found: Array<{ line: number; lines: number; head: string }> = [];
  for (let i = 0; i < code.length; i++) {
    const c = code[i] ?? "";
    const isStart = /\bfunction\b/.test(c) || /=>\s*\{\s*$/.test(c);
    if (!isStart) continue;
    // The body opens on this line or, for a function whose parameters wrap, the first line
    // after it that ends with "{" behind a ")".
    let open = i;
    while (open < code.length && !/(=>\s*|\)[^(]*)\{\s*$/.test(code[open] ?? "")) open++;
    if (open >= code.length) continue;
    let depth = 0;
    let end = open;
    for (let j = open; j < code.length; j++) {
      for (const ch of code[j] ?? "") {
        if (ch === "{") depth++;
        else if (ch === "}") depth--;
      }
      end = j;
      if (depth <= 0) break;
    }
    found.push({ line: i + 1, lines: end - open + 1, head: (lines[i] ?? "").trim().slice(0, 70) });
  }
  return found;
}

describe("the dashboard's files: routes, views and read models apart", () => {
  test("the scanner finds the functions it is meant to (a check that cannot fail checks nothing)", () => {
    const long = `export function big(a: number) {\n${"  a++;\n".repeat(85)}  return a;\n}\nconst small = (x: string) => {\n  return "}}}";\n};\n`;
    const found = functionLengths(long);
    assert.deepEqual(
      found.map((f) => [f.line, f.lines]),
      [
        [1, 88],
        [89, 3],
      ],
    );
    const wrapped = "export function w(\n  a: { b: number },\n): void {\n  a;\n}\n";
    assert.deepEqual(
      functionLengths(wrapped).map((f) => f.lines),
      [3],
    );
  });

  test("no file both registers routes and writes HTML", () => {
    const both = files.filter((f) => REGISTERS.test(source(f)) && WRITES_HTML.test(source(f)));
    assert.deepEqual(both, [], "route files call views; views never register");
    assert.ok(files.filter((f) => REGISTERS.test(source(f))).length >= 14, "the routes are seen");
    assert.ok(files.filter((f) => WRITES_HTML.test(source(f))).length >= 14, "the views are seen");
  });

  test("views are pure: no Fastify, no session, no database, no deps", () => {
    const impure = files
      .filter((f) => f.startsWith("views/"))
      .filter((f) =>
        /from\s+"(?:fastify|[./]*session\.ts|[./]*deps\.ts|[./]*db\/[^"]*)"/.test(source(f)),
      );
    assert.deepEqual(impure, []);
  });

  test(`no dashboard function is over ${MAX_LINES} lines`, () => {
    const over = files.flatMap((f) =>
      functionLengths(source(f))
        .filter((fn) => fn.lines > MAX_LINES)
        .map((fn) => `${f}:${fn.line} (${fn.lines} lines) ${fn.head}`),
    );
    assert.deepEqual(over, []);
  });
});
