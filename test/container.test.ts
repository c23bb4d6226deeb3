import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { loadConfig } from "../src/config.ts";

// No image is built in CI (there is no image registry here), so the container files are checked
// as text: compose.yaml against the README's configuration table and config.ts, the Dockerfile
// for what a production image needs, and the source for packages the image would not have.

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const README = read("README.md");

type Service = {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: unknown;
};
const compose = parse(read("compose.yaml"), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;
const tostao = Object.entries(services).filter(([, s]) => s.build !== undefined);

/** Every variable named in the first column of the README's configuration table. */
function documentedVariables(): Set<string> {
  const section = README.split("## Configuration")[1]?.split("\n## ")[0] ?? "";
  const names = section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...(line.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)])
    .map((m) => m[1] ?? "");
  return new Set(names);
}

describe("compose.yaml", () => {
  test("runs PostgreSQL 15, Redis and two instances of the service built from the Dockerfile", () => {
    assert.deepEqual(Object.keys(services).sort(), ["postgres", "redis", "tostao-1", "tostao-2"]);
    assert.match(services.postgres?.image ?? "", /^postgres:15(\b|-)/);
    assert.match(services.redis?.image ?? "", /^redis:/);
    assert.deepEqual(tostao.map(([name]) => name).sort(), ["tostao-1", "tostao-2"]);
    for (const [name, s] of tostao) {
      assert.equal(s.build, ".", `${name} is built from ./Dockerfile`);
      assert.deepEqual(
        s.depends_on,
        { postgres: { condition: "service_healthy" }, redis: { condition: "service_healthy" } },
        `${name} waits for a healthy database and Redis`,
      );
    }
    assert.ok(services.postgres?.healthcheck && services.redis?.healthcheck);
  });

  test("every variable it gives the service is in the README's configuration table, and config.ts takes the values", () => {
    const documented = documentedVariables();
    assert.ok(documented.has("DATABASE_URL") && documented.has("TOSTAO_SECRET_KEY"));
    for (const [name, s] of tostao) {
      const env = s.environment ?? {};
      for (const key of Object.keys(env)) {
        assert.ok(documented.has(key), `${name} sets ${key}, which the README does not document`);
      }
      // The key is never written in the file: compose takes it from the environment or .env.
      assert.match(env.TOSTAO_SECRET_KEY ?? "", /^\$\{TOSTAO_SECRET_KEY:\?/);
      const config = loadConfig({ ...env, TOSTAO_SECRET_KEY: "ab".repeat(32) });
      assert.equal(config.database.kind, "postgres", `${name} uses PostgreSQL`);
    }
  });

  test("both instances share one database, Redis, key and public URL; each has its own port", () => {
    const [[, a], [, b]] = tostao as [[string, Service], [string, Service]];
    for (const key of ["DATABASE_URL", "REDIS_URL", "TOSTAO_SECRET_KEY", "TOSTAO_BASE_URL"]) {
      assert.ok(a.environment?.[key], `${key} is set`);
      assert.equal(a.environment?.[key], b.environment?.[key], `${key} is the same on both`);
    }
    const db = new URL(a.environment?.DATABASE_URL ?? "");
    const pg = services.postgres?.environment ?? {};
    assert.equal(db.hostname, "postgres");
    assert.deepEqual(
      [db.username, db.password, db.pathname.slice(1)],
      [pg.POSTGRES_USER, pg.POSTGRES_PASSWORD, pg.POSTGRES_DB],
    );
    assert.equal(new URL(a.environment?.REDIS_URL ?? "").hostname, "redis");
    const published = (s: Service) => (s.ports ?? []).map((p) => p.split(":"));
    const [[hostA, inA]] = published(a) as [[string, string]];
    const [[hostB, inB]] = published(b) as [[string, string]];
    assert.notEqual(hostA, hostB, "one host port each");
    assert.equal(inA, a.environment?.PORT);
    assert.equal(inB, b.environment?.PORT);
    assert.deepEqual([services.postgres?.ports, services.redis?.ports], [undefined, undefined]);
  });
});

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");
  // Instructions with their continuation lines joined.
  const instructions = dockerfile
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .filter((l) => /^[A-Z]+\s/.test(l));
  const of = (name: string) => instructions.filter((l) => l.startsWith(`${name} `));

  test("a Node.js LTS base, production dependencies only, a non-root user, port 3000", () => {
    assert.match(of("FROM")[0] ?? "", /^FROM node:(20|22|24)(-slim|-alpine)?\b/);
    assert.ok(
      of("RUN").some((r) => /npm ci\b.*--omit=dev/.test(r)),
      "npm ci --omit=dev",
    );
    const users = of("USER");
    assert.equal(users.length, 1);
    assert.doesNotMatch(users[0] ?? "", /^USER (root|0)\b/);
    const at = (prefix: string) => instructions.findIndex((l) => l.startsWith(prefix));
    assert.ok(at("USER ") < at("CMD "), "the service runs as that user");
    assert.deepEqual(of("EXPOSE"), ["EXPOSE 3000"]);
  });

  test("HEALTHCHECK asks /readyz with node's fetch; CMD runs the service through tsx, a production dependency", () => {
    const [check] = of("HEALTHCHECK");
    assert.match(check ?? "", /CMD .*node.*fetch\(.*\/readyz/);
    assert.doesNotMatch(check ?? "", /curl|wget/);
    assert.match(of("CMD").at(-1) ?? "", /"node", "--import", "tsx", "src\/main\.ts"/);
    const pkg = JSON.parse(read("package.json"));
    assert.ok(pkg.dependencies.tsx, "tsx is a production dependency");
  });

  test("what it copies exists and is not excluded by .dockerignore", () => {
    const ignored = read(".dockerignore")
      .split("\n")
      .filter((l) => l.trim() && !l.startsWith("#"));
    for (const copy of of("COPY")) {
      const sources = copy.split(/\s+/).slice(1, -1);
      for (const source of sources.filter((s) => !s.startsWith("--"))) {
        assert.ok(existsSync(join(ROOT, source)), `${source} exists`);
        assert.ok(!ignored.includes(source), `${source} is not in .dockerignore`);
      }
    }
    for (const needed of ["src", "bin", "package-lock.json"]) {
      assert.ok(!ignored.includes(needed), `${needed} reaches the image`);
    }
  });
});

describe("the production image's dependencies", () => {
  test("code that runs in production imports only production dependencies and node's own modules", () => {
    const pkg = JSON.parse(read("package.json"));
    const allowed = new Set([...Object.keys(pkg.dependencies), ...builtinModules]);
    const files = ["src", "bin"]
      .flatMap((dir) =>
        readdirSync(join(ROOT, dir), { recursive: true }).map((f) => join(dir, String(f))),
      )
      .filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith(".test.ts"));
    assert.ok(files.length > 50);
    const missing: string[] = [];
    for (const file of files) {
      // Value imports only: `import type` is erased before the code runs.
      for (const m of read(file).matchAll(
        /^\s*(?:import|export)\s+(?!type\s)[^"';]*?from\s+"([^"]+)"/gm,
      )) {
        const spec = m[1] ?? "";
        if (spec.startsWith(".") || spec.startsWith("node:")) continue;
        const name = spec.startsWith("@")
          ? spec.split("/").slice(0, 2).join("/")
          : spec.split("/")[0];
        if (!allowed.has(name ?? "")) missing.push(`${file}: ${spec}`);
      }
    }
    assert.deepEqual(missing, [], "not installed by npm ci --omit=dev");
  });
});

describe("README", () => {
  test("has a Run with Docker section that says how to start it and that CI does not build it", () => {
    const section = README.split("## Run with Docker")[1]?.split("\n## ")[0] ?? "";
    assert.match(section, /docker compose up/);
    assert.match(section, /TOSTAO_SECRET_KEY/);
    assert.match(section, /not built (or run )?in CI/);
  });
});
