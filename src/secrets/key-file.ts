import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeDirs } from "../kernel/make-dirs.ts";
import { parseSecretKey } from "./secret-box.ts";

// On the embedded default (PGlite) the secret key is generated once into the data directory, so
// a laptop install needs no setup. Only the owner may read it: with it, every sealed secret opens.

/** The key file of an embedded install, created with mode 0600 on first use. */
export function loadOrCreateKeyFile(dataDir: string): Buffer {
  const file = join(dataDir, "secret.key");
  if (existsSync(file)) {
    const key = parseSecretKey(readFileSync(file, "utf8"));
    if (!key) throw new Error(`${file} does not hold a 32-byte key`);
    return key;
  }
  makeDirs(dataDir);
  writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return loadOrCreateKeyFile(dataDir);
}
