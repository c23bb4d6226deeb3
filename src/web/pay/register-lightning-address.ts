import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { baseUrlOf } from "../../base-url.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError, STATUS_BY_CODE } from "../../domain/errors.ts";
import { ADDRESS_NAME } from "../../domain/lightning/schemas.ts";
import {
  type LnurlAnswer,
  payCallback,
  payRequest,
} from "../../domain/lightning-address/pay-request.ts";
import { WEB_ROUTE } from "../route-options.ts";

// A Lightning address's two public endpoints (LUD-16, LUD-06; docs/counter.md). Public like the
// payment pages: no token, the guard's per-IP limit on every request, out of the route table.
// They answer JSON in LUD-06's words, errors included ({"status":"ERROR","reason":...}), and
// any origin may read them (LUD-01: wallets in a browser fetch them cross-origin).

type NameParams = { Params: { name: string }; Querystring: Record<string, unknown> };

function send(reply: FastifyReply, a: LnurlAnswer) {
  return reply
    .code(a.status)
    .header("access-control-allow-origin", "*")
    .header("cache-control", "no-store")
    .type("application/json; charset=utf-8")
    .send(JSON.stringify(a.body));
}

const notAName = (name: string): LnurlAnswer => ({
  status: 404,
  body: { status: "ERROR", reason: `no Lightning address ${name.slice(0, 64)} on this service` },
});

export function registerLightningAddress(web: FastifyInstance, deps: AppDeps): void {
  // Their own error handler: what the pages' hooks refuse (a NUL byte in the name or amount, a
  // rate over TOSTAO_RATE_LIMIT_PUBLIC) reaches a wallet as LUD-06's ERROR, not as an HTML page.
  web.register(async (lnurl) => {
    lnurl.setErrorHandler((err: FastifyError, req, reply) => {
      let status = 500;
      let reason = "internal error; try again";
      if (err instanceof AppError) {
        status = STATUS_BY_CODE[err.code];
        if (status < 500 || err.code === "UNAVAILABLE") reason = err.message;
        reply.headers(err.headers);
      } else if (typeof err.statusCode === "number" && err.statusCode < 500) {
        status = err.statusCode;
        reason = err.message;
      }
      if (status >= 500) req.log.error({ err, reqId: req.id }, "lightning address failed");
      return send(reply, { status, body: { status: "ERROR", reason } });
    });
    routes(lnurl, deps);
  });
}

function routes(web: FastifyInstance, deps: AppDeps): void {
  web.get<NameParams>("/.well-known/lnurlp/:name", WEB_ROUTE, async (req, reply) => {
    const name = req.params.name.toLowerCase();
    if (!ADDRESS_NAME.test(name)) return send(reply, notAName(name));
    return send(reply, await payRequest(deps, name, baseUrlOf(deps, req)));
  });

  web.get<NameParams>("/lnurlp/:name/callback", WEB_ROUTE, async (req, reply) => {
    const name = req.params.name.toLowerCase();
    if (!ADDRESS_NAME.test(name)) return send(reply, notAName(name));
    const amount = req.query.amount;
    return send(reply, await payCallback(deps, name, amount, baseUrlOf(deps, req)));
  });
}
