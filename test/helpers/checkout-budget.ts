import { manualClock } from "../../src/kernel/clock.ts";
import { startTestService } from "./service.ts";

/**
 * A service with the public checkout's budgets of `env` (TOSTAO_CHECKOUT_PER_*), counted in
 * minutes of a manual clock started just inside one, and one account. `product` makes one of its
 * products; `from` posts to a public create as the client at `ip` (a string payload is a form
 * post, as a page sends it; an object is the API's JSON). Close `svc` when done.
 */
export async function startBudgetedCheckout(env: Record<string, string>) {
  const clock = manualClock(new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1_000));
  const svc = await startTestService({ clock, env: { TOSTAO_WORKERS: "false", ...env } });
  const account = await svc.newAccount();
  return {
    svc,
    clock,
    account,
    async product(name = "Ebook", value = 10): Promise<string> {
      const res = await svc.call("POST", "/api/products/create", {
        token: account.test,
        body: { name, value },
      });
      if (res.statusCode !== 200) throw new Error(`creating the product: ${res.body}`);
      return res.json().data.id;
    },
    from(ip: string, url: string, payload: string | object) {
      const form = typeof payload === "string";
      return svc.app.inject({
        method: "POST",
        url,
        remoteAddress: ip,
        headers: {
          "content-type": form ? "application/x-www-form-urlencoded" : "application/json",
        },
        payload: form ? payload : JSON.stringify(payload),
      });
    },
  };
}
