import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../domain/errors.ts";
import { posterPage } from "../../domain/qr-codes/poster-page.ts";
import { sendPage } from "../layout.ts";
import { WEB_ROUTE } from "../route-options.ts";
import { posterPageHtml, posterSizeOf } from "./qr-poster-view.ts";

// The public poster of a reusable QR code, GET /poster/{qr_code_id}[?size=a6]: no sign-in (the
// code is printed for anyone), under the guard's per-IP limit as every page without a token is.

type IdParams = { Params: { id: string }; Querystring: { size?: string } };
const ID = /^qr_[0-9a-z]{26}$/;

export function registerQrPoster(web: FastifyInstance, deps: AppDeps): void {
  web.get<IdParams>("/poster/:id", WEB_ROUTE, async (req, reply) => {
    const id = req.params.id;
    if (!ID.test(id)) throw new AppError("NOT_FOUND", "not found");
    const view = await posterPage(deps, id);
    reply.header("X-Robots-Tag", "noindex");
    const size = posterSizeOf(req.query.size);
    return sendPage(reply, posterPageHtml(view, { lang: req.lang, url: req.url, size }));
  });
}
