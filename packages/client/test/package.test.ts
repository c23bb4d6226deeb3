import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { signDelivery } from "../../../src/domain/webhooks/signature.ts";

// @tostao/client as a user of plain JavaScript gets it: `npm pack` (whose prepack builds dist/),
// the tarball installed offline into an empty project, and a script importing the package run by
// plain `node`, with no TypeScript tooling anywhere in reach. It verifies a webhook the service's
// own signer signed and calls a local HTTP server through the client.

const run = promisify(execFile);
const pkg = join(import.meta.dirname, "..");
const root = join(pkg, "..", "..");
const bin = join(root, "node_modules", ".bin");
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
// Only what a child needs: no NODE_OPTIONS (no tsx loader) and no npm_config_* of the outer run.
const env = (extraPath?: string) => ({
  PATH: [extraPath, process.env.PATH].filter(Boolean).join(delimiter),
  HOME: process.env.HOME ?? tmpdir(),
});

let work: string;
before(() => {
  work = mkdtempSync(join(tmpdir(), "tostao-client-pack-"));
});
after(() => rmSync(work, { recursive: true, force: true }));

/** Every file under dir, relative, sorted. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name).slice(dir.length + 1))
    .sort();

test("the committed dist/ is the build of src/ (npm run build -w @tostao/client, and commit it)", async () => {
  const out = join(work, "fresh-dist");
  await run(join(bin, "tsc"), ["-p", join(pkg, "tsconfig.build.json"), "--outDir", out], {
    cwd: pkg,
  }).catch((err: { stdout?: string }) => assert.fail(`tsc: ${err.stdout}`));
  const committed = join(pkg, "dist");
  assert.deepEqual(filesUnder(committed), filesUnder(out), "the same files");
  for (const f of filesUnder(out)) {
    assert.ok(
      readFileSync(join(committed, f), "utf8") === readFileSync(join(out, f), "utf8"),
      `packages/client/dist/${f} is stale: run npm run build -w @tostao/client and commit it`,
    );
  }
});

/** A stand-in for the service: one create, and a 404 in the service's envelope. */
async function fakeService() {
  const seen: Array<{ method?: string; url?: string; auth?: string; body: string }> = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = "";
      req.on("data", (d) => (body += String(d)));
      req.on("end", () => resolve(body));
    });
  const server = createServer(async (req, res) => {
    const body = await read(req);
    seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
    res.setHeader("content-type", "application/json");
    if (req.method === "POST" && req.url === "/api/pix/charge/create") {
      res.end(
        JSON.stringify({ success: true, data: { chargeId: "pix_packed1", status: "Pendente" } }),
      );
      return;
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ success: false, error: "charge_id: charge pix_nope not found" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise((r) => server.close(r)) };
}

const CONSUMER = `import { createClient, TostaoError, verifyWebhook } from "@tostao/client";
import { readFileSync } from "node:fs";

const { body, headers, secret, baseUrl } = JSON.parse(readFileSync("input.json", "utf8"));
const event = await verifyWebhook(body, headers, secret);
console.log("verified " + event.event + " " + event.data.chargeId);
try {
  await verifyWebhook(body.replace("pix_", "pix_x"), headers, secret);
  console.log("tampered body accepted");
} catch (err) {
  console.log("tampered " + err.name);
}
const tostao = createClient({ baseUrl, token: "svc_test_packed", maxRetries: 0 });
const charge = await tostao.createPixCharge({ value: 10.5, title: "Camiseta" });
console.log("created " + charge.chargeId);
try {
  await tostao.getPixChargeStatus({ charge_id: "pix_nope" });
} catch (err) {
  console.log("error " + (err instanceof TostaoError) + " " + err.status + " " + err.code);
}
`;

// The declarations alone (no @types/node, no allowImportingTsExtensions) type a consumer's code:
// a wrong type is an error, so the types are not any.
const TYPED_CONSUMER = `import { createClient, verifyWebhook } from "@tostao/client";
const tostao = createClient({ baseUrl: "http://localhost:3000" });
const charge = await tostao.createPixCharge({ value: 10.5, title: "Camiseta" });
const id: string = charge.chargeId;
// @ts-expect-error chargeId is a string
const wrong: number = charge.chargeId;
const event = await verifyWebhook("{}", {}, "whsec_x");
export { id, wrong, event };
`;

test("npm pack of @tostao/client installs offline into an empty project and runs under plain node", {
  timeout: 120_000,
}, async () => {
  // The package as a clone holds it, without dist/: only prepack can put the JavaScript in.
  const src = join(work, "package");
  mkdirSync(src);
  cpSync(join(pkg, "src"), join(src, "src"), { recursive: true });
  for (const f of ["package.json", "README.md", "tsconfig.build.json"]) {
    copyFileSync(join(pkg, f), join(src, f));
  }
  symlinkSync(join(root, "node_modules"), join(src, "node_modules"), "dir");
  const packed = await run("npm", ["pack", "--json", "--pack-destination", work], {
    cwd: src,
    env: env(bin),
  });
  const [info] = JSON.parse(packed.stdout) as Array<{
    filename: string;
    files: { path: string }[];
  }>;
  assert.ok(info);
  const shipped = info.files.map((f) => f.path);
  assert.ok(shipped.includes("dist/index.js") && shipped.includes("dist/index.d.ts"), `${shipped}`);
  assert.ok(!shipped.some((f) => f.startsWith("src/")), "no TypeScript source in the tarball");

  const app = join(work, "app");
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), '{"name":"app","private":true,"type":"module"}\n');
  await run("npm", ["install", "--offline", "--no-audit", "--no-fund", join(work, info.filename)], {
    cwd: app,
    env: env(),
  });
  // Zero runtime dependencies: the package is all that was installed.
  assert.deepEqual(
    readdirSync(join(app, "node_modules")).filter((d) => !d.startsWith(".")),
    ["@tostao"],
  );

  const service = await fakeService();
  try {
    const body = JSON.stringify({
      event: "charge.approved",
      data: { chargeId: "pix_signed1", status: "Aprovado" },
    });
    const headers = signDelivery({
      secret: SECRET,
      eventId: "evt_packed",
      timestamp: Math.floor(Date.now() / 1000),
      body,
    });
    writeFileSync(
      join(app, "input.json"),
      JSON.stringify({ body, headers, secret: SECRET, baseUrl: service.url }),
    );
    writeFileSync(join(app, "consumer.mjs"), CONSUMER);
    const { stdout } = await run(process.execPath, ["consumer.mjs"], { cwd: app, env: env() });
    assert.equal(
      stdout,
      "verified charge.approved pix_signed1\ntampered WebhookVerificationError\ncreated pix_packed1\nerror true 404 NOT_FOUND\n",
    );
    const [create] = service.seen;
    assert.equal(create?.auth, "Bearer svc_test_packed");
    assert.deepEqual(JSON.parse(create?.body ?? ""), { value: 10.5, title: "Camiseta" });
  } finally {
    await service.close();
  }

  writeFileSync(join(app, "typed.mts"), TYPED_CONSUMER);
  writeFileSync(
    join(app, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "NodeNext",
        lib: ["ES2023", "DOM"],
        types: [],
      },
      files: ["typed.mts"],
    }),
  );
  await run(join(bin, "tsc"), ["-p", "tsconfig.json"], { cwd: app }).catch(
    (err: { stdout?: string }) => assert.fail(`tsc: ${err.stdout}`),
  );
});
