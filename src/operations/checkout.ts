import { ChargeIdSchema } from "../domain/charges/schemas.ts";
import { publicChargeStatus } from "../domain/checkout/payment-page.ts";
import { PublicChargeStatusSchema } from "../domain/checkout/schemas.ts";
import { operation } from "./operation.ts";

export const CHECKOUT_OPERATIONS = [
  operation({
    id: "getPaymentStatus",
    method: "GET",
    path: "/api/pay/status",
    // The status feed of the hosted payment page: the public view of any charge by id, without
    // customer data. The page polls it every 2 s (polling rather than Server-Sent Events: it
    // needs no long-lived connection to hold open against the open-request limits or to end at
    // shutdown, and the per-IP public limit already covers it).
    auth: "none",
    summary: "Public status of a charge (PIX or Bitcoin) for its payment page; no customer data",
    tags: ["checkout"],
    input: ChargeIdSchema,
    output: PublicChargeStatusSchema,
    run: (c, input) => publicChargeStatus(c.deps, input.charge_id),
  }),
];
