import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { clientFiles } from "../../../scripts/client-schema.ts";
import { startTestService, type TestService } from "../../../test/helpers/service.ts";

// The client's types are openapi-typescript's output for the served document: a third-party
// generator, so this also shows that tools get compiling types with every operation named.

const run = promisify(execFile);
const root = join(import.meta.dirname, "..", "..", "..");
let svc: TestService;
let doc: { paths: Record<string, Record<string, { operationId?: string }>> };
let files: Record<string, string>;
before(async () => {
  svc = await startTestService();
  doc = JSON.parse((await svc.call("GET", "/api/openapi.json")).body);
  files = await clientFiles(doc);
});
after(() => svc.close());

test("the committed client types are a fresh generation from the served document", () => {
  for (const [name, text] of Object.entries(files)) {
    const committed = readFileSync(join(root, "packages/client/src/generated", name), "utf8");
    assert.ok(
      committed === text,
      `packages/client/src/generated/${name} is stale: run npm run generate:client and commit it`,
    );
  }
});

test("openapi-typescript's types compile on their own, with one named operation per operation", async () => {
  const ids = Object.values(doc.paths).flatMap((item) =>
    Object.values(item).map((op) => op.operationId),
  );
  assert.ok(
    ids.every((id) => typeof id === "string" && id.length > 0),
    "every operationId",
  );
  const schema = files["schema.ts"] ?? "";
  const block = schema.slice(schema.indexOf("export interface operations {"));
  const named = [...block.matchAll(/^ {4}([A-Za-z0-9]+): \{$/gm)].map((m) => m[1]);
  for (const id of ids) assert.ok(named.includes(id), `operations["${id}"] is generated`);
  for (const path of Object.keys(doc.paths)) {
    assert.match(schema, new RegExp(`"${path.replace(/[/.]/g, "\\$&")}": \\{`), path);
  }
  const dir = mkdtempSync(join(tmpdir(), "tostao-openapi-ts-"));
  try {
    writeFileSync(join(dir, "schema.ts"), schema);
    writeFileSync(
      join(dir, "use.ts"),
      `import type { operations } from "./schema.ts";
export type Created = operations["createPixCharge"]["responses"][200]["content"]["application/json"]["data"]["chargeId"];
export const id: Created = "pix_1";\n`,
    );
    await run(
      join(root, "node_modules", ".bin", "tsc"),
      [
        "--noEmit",
        "--strict",
        "--target",
        "ES2022",
        "--module",
        "NodeNext",
        "--allowImportingTsExtensions",
        join(dir, "schema.ts"),
        join(dir, "use.ts"),
      ],
      { cwd: dir },
    ).catch((err: { stdout?: string }) => assert.fail(`tsc: ${err.stdout}`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
