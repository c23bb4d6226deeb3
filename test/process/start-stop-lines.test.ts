import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { spawnService } from "../helpers/spawn-service.ts";

// What an operator sees on the console when the service starts and stops.

test("the start says the URL once, without LAN addresses; shutdown says what it waits for and how long it took", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "tostao-lines-"));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  // On every interface, where Fastify would print one line per address.
  const svc = await spawnService({ TOSTAO_DATA_DIR: dataDir, HOST: "0.0.0.0", LOG_LEVEL: "info" });
  await fetch(`${svc.url}/healthz`);
  await svc.stop("SIGTERM");
  const deadline = Date.now() + 5_000;
  while (!svc.output().includes('"shut down"') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
  const out = svc.output();
  const urls = out.split("\n").filter((l) => /https?:\/\/\d/.test(l) || /listening/i.test(l));
  assert.deepEqual(
    urls.map((l) => l.replace(/:\d+/, ":PORT").replace(/\(database: .*\)/, "(database: …)")),
    ["Tostão listening on http://localhost:PORT (database: …)"],
    out,
  );
  const lines = out
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const access = lines.find((l) => l.msg === "request");
  assert.equal(access?.route, "/healthz");
  const stopping = lines.find((l) => String(l.msg).startsWith("shutting down"));
  assert.ok(stopping, out);
  assert.equal(stopping.signal, "SIGTERM");
  assert.match(String(stopping.msg), /waiting for webhook deliveries in flight, open requests/);
  const stopped = lines.find((l) => l.msg === "shut down");
  assert.equal(typeof stopped?.ms, "number", out);
});
