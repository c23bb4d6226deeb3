import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { createService } from "./service.ts";

// The composition root of `npm start`: the only place that reads process.env.

async function main(): Promise<void> {
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
  let service: Awaited<ReturnType<typeof createService>>;
  try {
    service = await createService(config, {
      onNewDataDir: () =>
        process.stdout.write(
          "preparing the embedded database (first start takes a few seconds)…\n",
        ),
    });
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const address = await service.app.listen({ port: config.port, host: config.host });
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

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await service.close().catch(() => {});
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((err: unknown) => {
  process.stderr.write(`tostao failed to start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
