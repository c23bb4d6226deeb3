import assert from "node:assert/strict";
import { resolve } from "node:path";
import { describe, test } from "node:test";
import {
  domainUnitOf,
  findCycles,
  type Graph,
  importGraph,
  topUnitOf,
  unitGraph,
  upwardImports,
} from "./helpers/import-graph.ts";

// The layering README.md describes, checked on the source itself: the front doors (src/http,
// src/mcp) reach the database only through the domain's use cases, no two modules of src/
// import each other, directly or round a loop, and the domain's own folders stand on floors
// (src/domain/README.md). Imports are read with regular expressions (helpers/import-graph.ts:
// every `from "./x"`, `import "./x"` and `import("./x")`, type-only ones included, since a type
// import is a dependency too; the domain's floors count the imports that load code), so this
// needs no parser and runs in a few milliseconds.

const SRC = resolve(import.meta.dirname, "../src");

// The folders of src/ (and the files at its top) ranked from the leaves up: a unit may import
// its own rank or below, never above. Leaves are libraries of our own with no knowledge of the
// service; then the database and the PSP client; the domain; what runs the domain (workers,
// metrics, the shared composition types); the front doors; the composition root and the CLI.
export const RANKS: Record<string, number> = {
  "base-url.ts": 0,
  kernel: 0,
  bitcoin: 0,
  net: 0,
  // Lightning node clients and BOLT11 (knows nothing of charges): only net/ below it.
  lightning: 1,
  qr: 0,
  ratelimit: 0,
  secrets: 0,
  "config.ts": 1,
  db: 2,
  "pix-psp": 2,
  domain: 3,
  "deps.ts": 4,
  documents: 4,
  integrations: 4,
  metrics: 4,
  "route-table.ts": 4,
  workers: 4,
  mcp: 5,
  operations: 5,
  web: 6,
  http: 7,
  "service.ts": 8,
  "main.ts": 9,
  cli: 10,
};

/**
 * Upward imports allowed by name, as "folder -> file". Empty: the kinds every layer shares
 * (Mode, Principal, ChargeStatus, Clock, Random, the Db interface) live in the leaf folder
 * src/kernel/. Nothing may be added here; move the shared piece down instead.
 */
export const KNOWN_UPWARD: readonly string[] = [];

describe("the folders of src/", () => {
  const { graph } = importGraph(SRC);

  test("no folder imports one ranked above it (but for the known list, which only shrinks)", () => {
    const upward = upwardImports(graph, RANKS);
    assert.deepEqual(
      upward.filter((u) => !KNOWN_UPWARD.includes(u)),
      [],
      "an upward import: move the shared piece down, or hand it in from above",
    );
    const stale = KNOWN_UPWARD.filter((k) => !upward.includes(k));
    assert.deepEqual(stale, [], "an exception that no longer happens: take it off the list");
  });

  test("the graph of imports between folders has no cycle", () => {
    const withoutKnown = new Map(
      [...graph].map(([file, targets]) => [
        file,
        targets.filter((t) => !KNOWN_UPWARD.includes(`${topUnitOf(file)} -> ${t}`)),
      ]),
    );
    assert.deepEqual(
      findCycles(unitGraph(withoutKnown)).map((c) => c.loop.join(" -> ")),
      [],
    );
  });

  test("the rank check finds an upward import it is shown", () => {
    const g: Graph = new Map([
      ["db/queries/x.ts", ["domain/y.ts"]],
      ["domain/y.ts", ["db/db.ts"]],
      ["db/db.ts", []],
    ]);
    assert.deepEqual(upwardImports(g, RANKS), ["db -> domain/y.ts"]);
    assert.deepEqual(
      findCycles(unitGraph(g)).map((c) => c.files),
      [["db", "domain"]],
    );
  });
});

// src/domain's floors, from the bottom up: a folder may import its own floor or a lower one,
// never a higher one, and no folders import each other round a loop. Counted on value imports
// (what loads when the code runs); a type-only import may cross, though none goes up today.
// "*.ts" is the files at the domain's top (errors, ids, money, event-payload, ...).
export const DOMAIN_FLOORS: ReadonlyArray<{ floor: string; folders: readonly string[] }> = [
  {
    floor: "rules and formats: no record of their own beyond a query",
    folders: ["*.ts", "pix", "due-date", "idempotency", "receipts"],
  },
  {
    floor: "the audit log, which every use case below the pages appends to",
    folders: ["audit"],
  },
  {
    floor: "the records: accounts, users, tokens, the charge model and its events, PSP access",
    folders: ["accounts", "users", "tokens", "charges", "pix-psp-connection", "retention"],
  },
  {
    floor: "how a charge is collected, and what a charge names or notifies",
    folders: ["sandbox-pix", "live-pix", "lightning", "products", "webhooks"],
  },
  {
    floor: "resources made of charges",
    folders: ["crypto", "subscriptions", "exports", "qr-codes"],
  },
  { floor: "live subscriptions at the PSP", folders: ["subscriptions-live"] },
  {
    floor: "use cases across resources",
    folders: [
      "charge-lifecycle",
      "events",
      "first-start",
      "pix-psp-setup",
      "notifications",
      "test-clock",
      "lightning-address",
    ],
  },
  { floor: "what the pages read", folders: ["checkout", "dashboard", "counter"] },
];

const DOMAIN_RANKS: Record<string, number> = Object.fromEntries(
  DOMAIN_FLOORS.flatMap((f, rank) => f.folders.map((folder) => [folder, rank])),
);

describe("the floors of src/domain", () => {
  const { values } = importGraph(SRC);

  test("no domain folder imports a folder on a higher floor (value imports)", () => {
    assert.deepEqual(
      upwardImports(values, DOMAIN_RANKS, domainUnitOf),
      [],
      "move the shared piece down, or the use case up (src/domain/README.md, Floors)",
    );
  });

  test("the domain's folders import each other round no loop (value imports)", () => {
    assert.deepEqual(
      findCycles(unitGraph(values, domainUnitOf)).map(
        (c) => `${c.loop.join(" -> ")} (all the folders tangled with it: ${c.files.join(", ")})`,
      ),
      [],
    );
  });

  test("every folder of src/domain is on one floor, once", () => {
    const listed = DOMAIN_FLOORS.flatMap((f) => f.folders);
    assert.deepEqual(listed.length, new Set(listed).size, "a folder on two floors");
    const present = [...new Set([...values.keys()].map(domainUnitOf))].filter(
      (u): u is string => u !== undefined,
    );
    assert.deepEqual(present.filter((u) => !listed.includes(u)).sort(), [], "not on a floor");
    assert.deepEqual(listed.filter((u) => !present.includes(u)).sort(), [], "no such folder");
  });

  test("the floor check finds an upward import and a loop it is shown, and reads types apart", () => {
    const g: Graph = new Map([
      ["domain/charges/x.ts", ["domain/crypto/y.ts", "domain/errors.ts", "db/db.ts"]],
      ["domain/crypto/y.ts", ["domain/charges/x.ts"]],
      ["domain/errors.ts", []],
      ["domain/charges/x.test.ts", ["domain/checkout/z.ts"]],
    ]);
    assert.deepEqual(upwardImports(g, DOMAIN_RANKS, domainUnitOf), [
      "charges -> domain/crypto/y.ts",
    ]);
    assert.deepEqual(
      findCycles(unitGraph(g, domainUnitOf)).map((c) => c.files),
      [["charges", "crypto"]],
    );
    // A type-only import is no value edge; an import both ways is.
    const read = importGraph(resolve(import.meta.dirname, "fixtures/import-graph"));
    assert.deepEqual(read.graph.get("a.ts"), ["b.ts", "c.ts", "d.ts"]);
    assert.deepEqual(read.values.get("a.ts"), ["c.ts", "d.ts"]);
  });
});

describe("the import graph of src/", () => {
  const { graph, unresolved } = importGraph(SRC);

  test("is read in full: every relative import resolves to a file, and known edges are seen", () => {
    assert.deepEqual(unresolved, []);
    assert.ok(graph.size > 100, `${graph.size} files`);
    assert.ok(graph.get("service.ts")?.includes("http/app.ts"));
    assert.ok(graph.get("cli/main.ts")?.includes("main.ts"), "a dynamic import is an edge");
  });

  test("no file of the HTTP, web-page or MCP front doors imports the database layer (src/db)", () => {
    const offending = [...graph]
      .filter(([file]) => ["http/", "web/", "mcp/"].some((door) => file.startsWith(door)))
      .flatMap(([file, targets]) =>
        targets.filter((t) => t.startsWith("db/")).map((t) => `${file} -> ${t}`),
      );
    assert.deepEqual(offending, [], "front doors reach the database through src/domain");
  });

  test("has no import cycle", () => {
    const cycles = findCycles(graph).map(
      (c) =>
        `${c.loop.join(" -> ")} (the loop's files, with all tangled with them: ${c.files.join(", ")})`,
    );
    assert.deepEqual(cycles, []);
  });

  test("the cycle finder names a loop it is shown, and passes a graph without one", () => {
    const loop: Graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts", "d.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", []],
      ["e.ts", ["e.ts"]],
    ]);
    assert.deepEqual(
      findCycles(loop)
        .map((c) => c.loop.join(" -> "))
        .sort(),
      ["a.ts -> b.ts -> c.ts -> a.ts", "e.ts -> e.ts"],
    );
    const tree: Graph = new Map([
      ["a.ts", ["b.ts", "c.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", []],
    ]);
    assert.deepEqual(findCycles(tree), []);
  });
});
