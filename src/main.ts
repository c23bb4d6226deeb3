import { readFileSync } from "node:fs";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { storeFailureLine } from "./db/store-failure.ts";
import { portTaken, portTakenMessage } from "./http/port-check.ts";
import { applyHeapGrowth } from "./kernel/heap-growth.ts";
import { nodeVersionRefusal } from "./kernel/node-version.ts";
import { createService } from "./service.ts";

// The composition root of `npm start`: the only place that reads process.env.

async function main(): Promise<void> {
  // Before anything else, the store above all: an older Node stops here with one line.
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  const tooOld = nodeVersionRefusal(process.version, pkg.engines?.node ?? "");
  if (tooOld) {
    process.stderr.write(`${tooOld}\n`);
    process.exit(1);
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  applyHeapGrowth(config.heapGrowthPercent);
  // Before the store is opened: a first start must not make the printed-once token and link and
  // then fail to listen.
  if (await portTaken(config.port, config.host)) {
    process.stderr.write(`${portTakenMessage(config.port, config.host)}\n`);
    process.exit(1);
  }
  let service: Awaited<ReturnType<typeof createService>>;
  try {
    service = await createService(config, {
      reissueUnseenFirstStart: config.database.kind === "pglite",
      onNewDataDir: () =>
        process.stdout.write(
          "preparing the embedded database (first start takes a few seconds)…\n",
        ),
    });
  } catch (err) {
    // A store its setting keeps from opening (PostgreSQL not answering, a data directory that
    // cannot be written) is said in one line naming the variable, as the CLI says it.
    const line =
      err instanceof ConfigError || err instanceof DataDirLockedError
        ? err.message
        : storeFailureLine(config.database, err);
    if (line) {
      process.stderr.write(`${line}\n`);
      process.exit(1);
    }
    throw err;
  }
  const { app } = service;
  // Fastify logs a "Server listening" line per network interface, LAN addresses included; the
  // start line below says the one URL instead, so its lines are held back during listen.
  const level = app.log.level;
  if (level === "info" || level === "debug" || level === "trace") app.log.level = "warn";
  let address: string;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // Taken between the check and now: the same line, and the store closed so its token and
    // link are offered again at the next start (still unseen).
    if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE") throw err;
    process.stderr.write(`${portTakenMessage(config.port, config.host)}\n`);
    await service.close().catch(() => {});
    process.exit(1);
  } finally {
    app.log.level = level;
  }
  const port = new URL(address).port;
  const url = config.baseUrl ?? `http://localhost:${port}`;
  const store =
    config.database.kind === "postgres" ? "PostgreSQL" : `PGlite in ${config.database.dataDir}`;
  process.stdout.write(`Tostão listening on ${url} (database: ${store})\n`);
  if (service.bootstrapToken) {
    // Printed once, on the first start of an empty store; only its hash is kept.
    process.stdout.write(
      `Sandbox token (shown once, keep it): ${service.bootstrapToken}  ` +
        `try: curl -H "Authorization: Bearer $TOKEN" ${url}/api/auth/tokens\n`,
    );
  }
  if (service.bootstrapSetupCode) {
    // The dashboard's first user: a one-time link, valid 24 h (only its hash is kept).
    process.stdout.write(
      `Dashboard: create the first user at ${url}/dashboard/setup?code=${service.bootstrapSetupCode}  (works once, for 24 h)\n`,
    );
  }
  await service.firstStartShown();

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const started = performance.now();
    const connections = await new Promise<number>((resolve) =>
      app.server.getConnections((err, n) => resolve(err ? 0 : n)),
    );
    app.log.info(
      { signal, openConnections: connections },
      "shutting down: waiting for webhook deliveries in flight, open requests, then the database",
    );
    await service
      .close()
      .catch((err: unknown) => app.log.error({ err }, "shutdown: closing failed"));
    app.log.info({ ms: Math.round(performance.now() - started) }, "shut down");
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((err: unknown) => {
  process.stderr.write(`tostao failed to start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
