import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startTestService } from "../test/helpers/service.ts";
import { clientFiles } from "./client-schema.ts";

// Writes packages/client/src/generated/ from the document the service serves (an in-process
// service on an in-memory database; nothing listens), then builds the package's committed
// dist/ (JavaScript and declarations, what `npm pack` ships) from the new source.
const pkg = join(import.meta.dirname, "..", "packages", "client");
const svc = await startTestService();
try {
  const doc = JSON.parse((await svc.call("GET", "/api/openapi.json")).body);
  const dir = join(pkg, "src", "generated");
  for (const [name, text] of Object.entries(await clientFiles(doc))) {
    writeFileSync(join(dir, name), text);
    process.stdout.write(`wrote ${join(dir, name)}\n`);
  }
} finally {
  await svc.close();
}
execFileSync("npm", ["run", "build"], { cwd: pkg, stdio: "inherit" });
process.stdout.write(`built ${join(pkg, "dist")}\n`);
