import { parseArgs } from "node:util";
import { ConfigError, loadConfig, secretKeyFor } from "../config.ts";
import { DataDirLockedError } from "../db/data-dir-lock.ts";
import { migrate } from "../db/migrate.ts";
import { openDb } from "../db/open-db.ts";
import { storeFailureLine } from "../db/store-failure.ts";
import { verifyAuditChains } from "../domain/audit/verify-chain.ts";
import { AppError } from "../domain/errors.ts";
import { pruneHistory, prunePreview } from "../domain/retention/prune-history.ts";
import { cryptoRandom, systemClock } from "../kernel/clock.ts";
import { exportCharges } from "./charges-export.ts";
import { importCharges, importSummary, progressBar } from "./charges-import.ts";
import { commands } from "./commands.ts";
import { CliError, isUsageError, readFlagFile } from "./failures.ts";
import { tokenHelp, validServiceUrl } from "./import-failures.ts";
import { runLightning } from "./lightning-commands.ts";
import { runPixProvider } from "./pix-provider-commands.ts";

// `tostao <command>`: operator commands against the configured database (the same settings as
// the service). Every command accepts --json for scripts; failures exit non-zero.

const USAGE = `usage: tostao <command> [options]

  serve                                       start the service (same as npm start)
  charges export --url URL --token-file F [--out FILE] [--bitcoin] [--dialect excel-br]
         [--status S] [--created-from T] [--created-to T] [--external-id X] [--customer-email E]
                                              the charges as CSV (GET /api/pix/charges/export,
                                              streamed to stdout or --out; docs/exports.md)
  charges import FILE.csv --url URL --token-file F [--chunk N]
                                              bill a CSV of due-date charges through a running
                                              service's POST /api/pix/charges/batch (the token
                                              picks account and mode); a progress bar on stderr;
                                              the same file imported again creates nothing twice
  migrate                                     apply database migrations
  account create --name NAME [--display-name D]
                                              create an account (payers see D, else NAME)
  account rename --account ID --display-name D
                                              change the name payers see
  prune [--dry-run]                           delete history older than TOSTAO_RETENTION_DAYS
                                              now (events, webhook deliveries and attempts,
                                              idempotency records, ended sessions; never
                                              charges); --dry-run only counts it per table
  account list                                list accounts
  audit verify                                check every account's audit log chain; exit 1
                                              naming the first entry edited, deleted or moved
  token create --account ID --label LABEL [--mode test|live] [--scopes S,S...]
                                              create an API token (its value is shown once);
                                              --scopes e.g. charges:read,charges:write (default: all)
  token list [--account ID]                   list API tokens (never their values)
  token revoke ID                             revoke an API token
  pix-provider set --account ID --profile P --client-id ID [--client-secret S | --client-secret-file F]
      (--cert file.pem --key file.pem | --pfx file.p12 [--passphrase P]) [--ca file.pem]
      --pix-key K --merchant-name N --merchant-city C [--base-url U --token-url U]
      [--app-key K] [--header "name: value" ...] [--replace-webhook]
                                              save an account's live PSP connection (checked at the PSP;
                                              a homologation host is refused: test money; a webhook
                                              of another system on the key is kept unless
                                              --replace-webhook)
  pix-provider show --account ID              the live PSP connection (never a secret)
  pix-provider delete --account ID            delete it
  lightning set --account ID [--mode live|test] --backend lnd|phoenixd --url U
      (--macaroon-file invoice.macaroon [--tls-cert tls.cert] | --password-file F)
                                              connect the account's Lightning node (checked at the
                                              node; mainnet for live, a test network for test)
  lightning show --account ID [--mode live|test]   the connection (never a secret)
  lightning delete --account ID [--mode live|test] disconnect it
  user create --account ID --email EMAIL [--password-stdin]
                                              create a dashboard user (asks the password,
                                              or reads it from stdin)
  user reset-password --email EMAIL [--password-stdin]
                                              set a user's password; signs them out everywhere

  Add --json to any command for machine-readable output.
`;

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      name: { type: "string" },
      "display-name": { type: "string" },
      account: { type: "string" },
      label: { type: "string" },
      mode: { type: "string" },
      scopes: { type: "string" },
      profile: { type: "string" },
      cert: { type: "string" },
      key: { type: "string" },
      ca: { type: "string" },
      pfx: { type: "string" },
      passphrase: { type: "string" },
      "client-id": { type: "string" },
      "client-secret": { type: "string" },
      "client-secret-file": { type: "string" },
      "pix-key": { type: "string" },
      "merchant-name": { type: "string" },
      "merchant-city": { type: "string" },
      "base-url": { type: "string" },
      "token-url": { type: "string" },
      homologation: { type: "boolean", default: false },
      "app-key": { type: "string" },
      header: { type: "string", multiple: true },
      "replace-webhook": { type: "boolean", default: false },
      backend: { type: "string" },
      url: { type: "string" },
      "macaroon-file": { type: "string" },
      "tls-cert": { type: "string" },
      "password-file": { type: "string" },
      email: { type: "string" },
      "password-stdin": { type: "boolean", default: false },
      "dry-run": { type: "boolean", default: false },
      "token-file": { type: "string" },
      chunk: { type: "string" },
      out: { type: "string" },
      bitcoin: { type: "boolean", default: false },
      dialect: { type: "string" },
      status: { type: "string" },
      "created-from": { type: "string" },
      "created-to": { type: "string" },
      "external-id": { type: "string" },
      "customer-email": { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [group, action, ...rest] = positionals;
  if (values.help || !group) {
    process.stdout.write(USAGE);
    return values.help ? 0 : 2;
  }
  if (group === "serve") {
    await import("../main.ts");
    return -1; // keeps running
  }
  if (group === "charges" && action === "export") {
    if (!values.url || !values["token-file"]) {
      process.stderr.write(`charges export needs --url and --token-file\n\n${USAGE}`);
      return 2;
    }
    await exportCharges({
      url: values.url,
      token: apiToken(values.url, values["token-file"]),
      bitcoin: values.bitcoin,
      query: {
        dialect: values.dialect,
        status: values.status,
        created_from: values["created-from"],
        created_to: values["created-to"],
        external_id: values["external-id"],
        customer_email: values["customer-email"],
      },
      ...(values.out ? { out: values.out } : {}),
      stdout: process.stdout,
    });
    return 0;
  }
  if (group === "charges" && action === "import") {
    // An API client of a running service: no database, no configuration of its own.
    const [file] = rest;
    if (!file || !values.url || !values["token-file"]) {
      process.stderr.write(`charges import needs FILE.csv, --url and --token-file\n\n${USAGE}`);
      return 2;
    }
    const url = validServiceUrl(values.url);
    const tokenFile = values["token-file"];
    const token = apiToken(url, tokenFile);
    // On a terminal the bar is redrawn in place: a failure's line starts on a line of its own.
    let midLine = false;
    const bar = progressBar((s) => {
      process.stderr.write(s);
      midLine = !s.endsWith("\n");
    }, process.stderr.isTTY === true);
    const report = await importCharges({
      file,
      url,
      token,
      tokenFrom: tokenFile,
      ...(values.chunk ? { chunk: Number(values.chunk) } : {}),
      progress: bar,
    }).catch((err: unknown) => {
      if (midLine) process.stderr.write("\n");
      throw err;
    });
    const failures = report.results.filter((r) => r.error).map((r) => `  row ${r.row}: ${r.error}`);
    print(values.json, report, [importSummary(report), ...failures].join("\n"));
    return report.failed > 0 ? 1 : 0;
  }
  // Ctrl-C or kill during a command: exit through process.exit, whose 'exit' event releases the
  // embedded data directory's lock (a process that dies of the signal itself runs no listener).
  process.once("SIGINT", () => process.exit(130));
  process.once("SIGTERM", () => process.exit(143));
  const config = loadConfig(process.env);
  // The notice goes to stderr: stdout carries the command's result (JSON with --json).
  const db = await openDb(config.database, {
    holder: "tostao CLI",
    onNewDataDir: () =>
      process.stderr.write("preparing the embedded database (first start takes a few seconds)…\n"),
  }).catch((err: unknown) => {
    throw storeFailure(config.database, err);
  });
  try {
    const applied = await migrate(db).catch((err: unknown) => {
      throw storeFailure(config.database, err);
    });
    if (group === "migrate") {
      print(
        values.json,
        { applied },
        applied.length ? `applied: ${applied.join(", ")}` : "up to date",
      );
      return 0;
    }
    if (group === "audit" && action === "verify") {
      const report = await verifyAuditChains({ db });
      const b = report.broken;
      print(
        values.json,
        report,
        b
          ? `audit log BROKEN in account ${b.accountId} at seq ${b.seq}${b.id ? ` (entry ${b.id})` : ""}: ${b.reason}`
          : `audit log intact: ${report.entries} entries in ${report.accounts} accounts`,
      );
      return b ? 1 : 0;
    }
    if (group === "prune") {
      const days = config.retention.days;
      const deps = { db, clock: systemClock };
      // Without --dry-run, passes run back to back until one finishes (no budget to keep).
      let counts = await (values["dry-run"]
        ? prunePreview(deps, { days })
        : pruneHistory(deps, { days, budgetMs: Number.POSITIVE_INFINITY }));
      if ("finished" in counts) {
        const { finished: _, ...removed } = counts;
        counts = removed;
      }
      const verb = values["dry-run"] ? "would delete" : "deleted";
      const lines = Object.entries(counts).map(([table, n]) => `  ${table}: ${n}`);
      print(
        values.json,
        {
          retentionDays: days,
          dryRun: values["dry-run"],
          [values["dry-run"] ? "wouldDelete" : "deleted"]: counts,
        },
        `history older than ${days} days (TOSTAO_RETENTION_DAYS): ${verb}\n${lines.join("\n")}`,
      );
      return 0;
    }
    // The two connection groups (a PSP, a Lightning node) seal secrets, so they get the key.
    const connections = { "pix-provider": runPixProvider, lightning: runLightning } as const;
    if (group === "pix-provider" || group === "lightning") {
      const out = await connections[group](
        action ?? "",
        {
          db,
          clock: systemClock,
          random: cryptoRandom,
          config,
          secretKey: () => secretKeyFor(config),
        },
        values,
      );
      print(values.json, out.json, out.text);
      return 0;
    }
    const command = commands[`${group} ${action ?? ""}`];
    if (!command) {
      process.stderr.write(`unknown command: ${positionals.join(" ")}\n\n${USAGE}`);
      return 2;
    }
    const out = await command(
      { db, clock: systemClock, random: cryptoRandom, scryptCost: config.dashboard.scryptCost },
      values,
      rest,
    );
    print(values.json, out.json, out.text);
    return 0;
  } finally {
    await db.close();
  }
}

/** A store's failure that a setting fixes becomes its one line; anything else keeps its stack. */
function storeFailure(database: Parameters<typeof storeFailureLine>[0], err: unknown): unknown {
  const line = storeFailureLine(database, err);
  return line ? new CliError(line) : err;
}

function print(json: boolean | undefined, data: unknown, text: string): void {
  process.stdout.write(json ? `${JSON.stringify(data, null, 2)}\n` : `${text}\n`);
}

run(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`tostao: ${failureMessage(err)}\n`);
    process.exitCode = isUsageError(err) ? 2 : 1;
  },
);

/** The line for a failure someone can fix from its words; a stack for one nobody foresaw. */
function failureMessage(err: unknown): string {
  if (
    err instanceof CliError ||
    err instanceof AppError ||
    err instanceof ConfigError ||
    err instanceof DataDirLockedError
  ) {
    return err.message;
  }
  const code = (err as { code?: unknown }).code;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    // Node's own text advises "--" for a positional, which is never what was meant here.
    const option = /'([^']+)'/.exec((err as Error).message)?.[1] ?? "";
    return `unknown option ${option}; \`npx tostao --help\` lists each command's options`;
  }
  if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS")) {
    return `${(err as Error).message}; \`npx tostao --help\` lists each command's options`;
  }
  return (err as Error).stack ?? String(err);
}

/** The API token of a command that is a client of a running service, read from --token-file. */
function apiToken(url: string, tokenFile: string): string {
  const token = readFlagFile(tokenFile, "--token-file", `put an API token in it: ${tokenHelp(url)}`)
    .toString("utf8")
    .trim();
  if (!token) throw new CliError(`--token-file: ${tokenFile} is empty; ${tokenHelp(url)}`);
  return token;
}
