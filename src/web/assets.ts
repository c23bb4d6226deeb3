import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { FastifyInstance } from "fastify";
import { WEB_ROUTE } from "./route-options.ts";

// The stylesheet and the scripts are files beside this one, read once when the app is built and
// served from memory; webauthn.js is @simplewebauthn/browser's own bundle (a dependency, so the
// version in package-lock.json is the one served; it defines `SimpleWebAuthnBrowser`). Their
// URLs carry a hash of their content, so browsers may keep them for a year: a new version has a
// new URL.

type Asset = { body: Buffer; type: string; hash: string };

const DIR = join(import.meta.dirname, "assets");
const JS = "text/javascript; charset=utf-8";
// The package exports only its module entry (script/index.js); the bundle sits beside it.
const webauthnBundle = () =>
  join(
    dirname(createRequire(import.meta.url).resolve("@simplewebauthn/browser")),
    "../dist/bundle/index.umd.min.js",
  );
const FILES: Record<AssetName, { type: string; path: () => string }> = {
  "style.css": { type: "text/css; charset=utf-8", path: () => join(DIR, "style.css") },
  "app.js": { type: JS, path: () => join(DIR, "app.js") },
  "passkeys.js": { type: JS, path: () => join(DIR, "passkeys.js") },
  "webauthn.js": { type: JS, path: webauthnBundle },
};
type AssetName = "style.css" | "app.js" | "passkeys.js" | "webauthn.js";

function load(): Map<string, Asset> {
  const out = new Map<string, Asset>();
  for (const [name, { type, path }] of Object.entries(FILES)) {
    const body = readFileSync(path());
    out.set(name, {
      body,
      type,
      hash: createHash("sha256").update(body).digest("hex").slice(0, 12),
    });
  }
  return out;
}

let loaded: Map<string, Asset> | undefined;
const assets = () => {
  loaded ??= load();
  return loaded;
};

/** The URL of an asset for a page: `/assets/style.css?v=<content hash>`. */
export function assetUrl(name: AssetName): string {
  return `/assets/${name}?v=${assets().get(name)?.hash ?? "0"}`;
}

export function registerAssets(web: FastifyInstance): void {
  web.get<{ Params: { name: string } }>("/assets/:name", WEB_ROUTE, async (req, reply) => {
    const asset = assets().get(req.params.name);
    if (!asset) return reply.code(404).type("text/plain; charset=utf-8").send("not found");
    return reply
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .header("ETag", `"${asset.hash}"`)
      .type(asset.type)
      .send(asset.body);
  });
}
