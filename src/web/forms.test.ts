import assert from "node:assert/strict";
import { test } from "node:test";
import fastifyMultipart from "@fastify/multipart";
import Fastify, { type FastifyError } from "fastify";
import { AppError, STATUS_BY_CODE } from "../domain/errors.ts";
import { readMultipartBody } from "./forms.ts";

// The multipart forms (the PSP connection's certificate files) keep arriving as the pages read
// them: a field's text, a file's bytes, a list when a name is sent twice; a body the parser
// cannot read is the client's 400.

async function app() {
  const web = Fastify();
  await web.register(fastifyMultipart, { limits: { fileSize: 64 * 1024 } });
  web.addHook("preValidation", readMultipartBody);
  // As the service's handlers do: a catalogue error's status, else the plugin's own.
  web.setErrorHandler((err: FastifyError, _req, reply) =>
    reply
      .code(err instanceof AppError ? STATUS_BY_CODE[err.code] : (err.statusCode ?? 500))
      .send({ message: err.message }),
  );
  web.post("/", async (req) => {
    const body = req.body as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(body).map(([k, v]) => [
        k,
        Array.isArray(v) ? v : Buffer.isBuffer(v) ? { bytes: v.toString("hex") } : v,
      ]),
    );
  });
  return web;
}

const B = "xx";
const part = (headers: string, content: string) => `--${B}\r\n${headers}\r\n\r\n${content}\r\n`;

test("a multipart form arrives as text fields, file bytes and lists; a cut-off body is a 400", async () => {
  const web = await app();
  const payload =
    part('Content-Disposition: form-data; name="client_id"', "abc") +
    part('Content-Disposition: form-data; name="tag"', "a") +
    part('Content-Disposition: form-data; name="tag"', "b") +
    part(
      'Content-Disposition: form-data; name="pfx"; filename="c.p12"\r\nContent-Type: application/octet-stream',
      "\u0001\u0002",
    ) +
    `--${B}--\r\n`;
  const res = await web.inject({
    method: "POST",
    url: "/",
    headers: { "content-type": `multipart/form-data; boundary=${B}` },
    payload,
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(res.json(), { client_id: "abc", tag: ["a", "b"], pfx: { bytes: "0102" } });

  const cut = await web.inject({
    method: "POST",
    url: "/",
    headers: { "content-type": `multipart/form-data; boundary=${B}` },
    payload: payload.slice(0, 60),
  });
  assert.equal(cut.statusCode, 400);
  assert.match(cut.json().message, /^body: not a complete multipart\/form-data body/);

  const big = await web.inject({
    method: "POST",
    url: "/",
    headers: { "content-type": `multipart/form-data; boundary=${B}` },
    payload: `${part('Content-Disposition: form-data; name="f"; filename="x"', "a".repeat(70_000))}--${B}--\r\n`,
  });
  assert.equal(big.statusCode, 413, "the plugin's limits keep their status");
  await web.close();
});
