import { isUtf8 } from "node:buffer";
import type { FastifyInstance } from "fastify";
import { badRequest } from "../domain/errors.ts";

/**
 * JSON bodies, parsed as Fastify's own parser does (same empty, malformed and prototype-poisoning
 * errors, same body limit) but refused when they are not valid UTF-8: decoded leniently, a bad
 * byte becomes U+FFFD and would be stored as if the client had sent it.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? "error",
    app.initialConfig.onConstructorPoisoning ?? "error",
  );
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (req, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(badRequest("body: is not valid UTF-8"), undefined);
      return;
    }
    parseJson(req, bytes.toString("utf8"), done);
  });
}
