import type { Role } from "../../src/domain/users/roles.ts";
import { createUser } from "../../src/domain/users/users.ts";
import type { TestService } from "./service.ts";

export const PASSWORD = "correct horse battery staple";

/** A dashboard user of the account (through the same use case the setup link and CLI call). */
export async function addUser(
  svc: TestService,
  accountId: string,
  email: string,
  password = PASSWORD,
  role: Role = "owner",
) {
  return createUser(
    { ...svc.deps, scryptCost: svc.deps.config.dashboard.scryptCost },
    { accountId, email, password, role },
  );
}

/** A sign-in form post from the client at `ip`, from this site's page, whatever its answer. */
export function signInAttempt(svc: TestService, email: string, password: string, ip: string) {
  return svc.app.inject({
    method: "POST",
    url: "/dashboard/sign-in",
    remoteAddress: ip,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: svc.deps.config.baseUrl ?? "http://localhost:80",
    },
    payload: new URLSearchParams({ email, password }).toString(),
  });
}

/** Signs in through the form (inject) and returns the session cookie and the session's CSRF token. */
export async function signInInject(svc: TestService, email: string, password = PASSWORD) {
  const res = await svc.app.inject({
    method: "POST",
    url: "/dashboard/sign-in",
    // Sign-in refuses a post without the page's Origin (TOSTAO_BASE_URL's, else inject's Host).
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: svc.deps.config.baseUrl ?? "http://localhost:80",
    },
    payload: new URLSearchParams({ email, password }).toString(),
  });
  if (res.statusCode !== 303)
    throw new Error(`sign-in: ${res.statusCode} ${res.body.slice(0, 200)}`);
  const set = String(res.headers["set-cookie"] ?? "");
  const cookie = /tostao_session=([^;]+)/.exec(set)?.[1];
  if (!cookie) throw new Error("sign-in: no session cookie");
  const home = await svc.app.inject({
    method: "GET",
    url: "/dashboard",
    cookies: { tostao_session: cookie },
  });
  const csrf = /name="_csrf" value="([^"]+)"/.exec(home.body)?.[1];
  if (!csrf) throw new Error("sign-in: no CSRF token on the home page");
  return { cookie, csrf, setCookie: set };
}

/** A form post as the signed-in browser would send it (same origin unless told otherwise). */
export function postForm(
  svc: TestService,
  s: { cookie: string },
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return svc.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    cookies: { tostao_session: s.cookie },
    payload: new URLSearchParams(fields).toString(),
  });
}

export function getPage(svc: TestService, s: { cookie: string }, url: string) {
  return svc.app.inject({ method: "GET", url, cookies: { tostao_session: s.cookie } });
}
