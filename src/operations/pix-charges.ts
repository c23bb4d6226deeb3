import { z } from "zod";
import {
  BATCH_ROUTE,
  ChargeBatchResultSchema,
  ChargeBatchSchema,
  prepareChargeBatch,
  writeChargeBatch,
} from "../domain/charge-lifecycle/create-charge-batch.ts";
import { createPixCharge, preparePixCharge } from "../domain/charge-lifecycle/create-pix-charge.ts";
import { cancelCharge, simulatePay } from "../domain/charge-lifecycle/pay-cancel-refund.ts";
import { refundCharge } from "../domain/charge-lifecycle/refund-charge.ts";
import { listPixCharges, pixChargeStatus } from "../domain/charges/read-charges.ts";
import {
  ChargeIdSchema,
  ChargeListSchema,
  ChargeStatusViewSchema,
  ChargeViewSchema,
  CreatePixChargeSchema,
  ListChargesArgsSchema,
  ListChargesQuerySchema,
  PixChargeCreatedSchema,
  RefundChargeSchema,
  SimulatePaySchema,
} from "../domain/charges/schemas.ts";
import { AnyChargeViewSchema } from "../domain/crypto/schemas.ts";
import { exportCharges } from "../domain/exports/export-charges.ts";
import { ExportChargesQuerySchema } from "../domain/exports/export-schema.ts";
import { operation } from "./operation.ts";

const tags = ["pix"];

export const PIX_CHARGE_OPERATIONS = [
  operation({
    id: "createPixCharge",
    method: "POST",
    path: "/api/pix/charge/create",
    // The public checkout: without a token, by product_id.
    auth: "optional",
    publicCheckout: true,
    scope: "charges:write",
    // A live charge is created at the merchant's PSP.
    raises: ["BAD_GATEWAY"],
    summary:
      "Create a PIX charge (BR Code and QR image); without a token, product_id is required (public checkout); Idempotency-Key accepted",
    tags,
    input: CreatePixChargeSchema,
    output: PixChargeCreatedSchema,
    stored: "plain",
    // The hottest write: prepared first (amount, BR Code, QR image, row and events), then stored
    // with its Idempotency-Key in one statement. A live charge's txid derives from the key bound
    // to its request (the context's idempotencySeed, which is all preparePixCharge's options
    // hold), and its PSP call waits for the key's lookup, so a replay makes no second cob.
    oneStatement: {
      prepare: (c, input) => preparePixCharge(c.deps, c.principal, input, c.baseUrl, c),
      reachesOut: (who) => who.mode === "live",
    },
    run: (c, input) => createPixCharge(c.deps, c.principal, input, c.baseUrl),
    tool: {
      name: "create_pix_charge",
      description:
        "Create a PIX charge (BRL). Returns chargeId, brCode (copy-and-paste), qrCodeImage (PNG data URL) and paymentUrl (a hosted page to send the payer to). A test token creates a sandbox charge. With due_date (YYYY-MM-DD) it is a bill with a due date (BACEN's cobv): needs customer_name and customer_cpf or customer_cnpj, takes fine, interest, discounts and abatement, and stays payable days_after_due days (default 30) after the due date.",
    },
  }),
  operation({
    id: "createPixChargesBatch",
    method: "POST",
    path: BATCH_ROUTE,
    auth: "required",
    scope: "charges:write",
    // Live lines are created at the merchant's PSP (PUT /lotecobv, or PUT /cobv per line).
    raises: ["BAD_GATEWAY"],
    summary:
      "Create up to 1,000 PIX charges with a due date in one call; results one per line, in order (the charge, or that line's error); Idempotency-Key covers the whole batch",
    tags,
    input: ChargeBatchSchema,
    output: ChargeBatchResultSchema,
    stored: "plain",
    prepare: (c, input) =>
      prepareChargeBatch(c.deps, c.principal, input, c.baseUrl, c.idempotencySeed),
    abandon: async (prepared) => prepared.live?.abandon(),
    run: (c, _input, prepared) => writeChargeBatch(c.deps, c.principal, prepared),
    tool: {
      name: "create_pix_charges_batch",
      description:
        "Bill up to 1,000 charges with a due date at once (each line: value, due_date, customer_name, customer_cpf or customer_cnpj, optional fine, interest, discounts, abatement, title, external_id). Answers results in order: chargeId, brCode, paymentUrl, amountDue, or an error for that line only.",
    },
  }),
  operation({
    id: "getPixChargeStatus",
    method: "GET",
    path: "/api/pix/charge/status",
    auth: "required",
    scope: "charges:read",
    summary: "Status of a PIX charge",
    tags,
    input: ChargeIdSchema,
    output: ChargeStatusViewSchema,
    run: (c, input) => pixChargeStatus(c.deps, c.principal, input.charge_id, c.baseUrl),
    tool: {
      name: "get_pix_charge_status",
      description:
        "Status and data of a charge by charge_id (statusCode: pending, approved, declined, canceled, expired, failed, refunded).",
    },
  }),
  operation({
    id: "listPixCharges",
    method: "GET",
    path: "/api/pix/charges",
    auth: "required",
    scope: "charges:read",
    summary: "Recent PIX charges, newest first",
    tags,
    input: ListChargesQuerySchema,
    args: ListChargesArgsSchema,
    output: ChargeListSchema,
    run: (c, input) => listPixCharges(c.deps, c.principal, input),
    tool: {
      name: "list_pix_charges",
      description:
        "Recent PIX charges of this account and mode, newest first (limit 1..200, default 50).",
    },
  }),
  operation({
    id: "exportPixCharges",
    method: "GET",
    path: "/api/pix/charges/export",
    auth: "required",
    scope: "exports:read",
    summary:
      "PIX charges as a CSV file (the list's filters; every matching row, streamed, newest first)",
    tags,
    input: ExportChargesQuerySchema,
    output: z.string(),
    streamed: {
      contentType: "text/csv; charset=utf-8; header=present",
      filename: "pix-charges.csv",
    },
    run: async (c, input) => exportCharges(c.deps, c.principal, "pix", input),
  }),
  operation({
    id: "simulatePayment",
    sandboxOnly: true,
    method: "POST",
    path: "/api/pix/charge/simulate-pay",
    auth: "required",
    scope: "charges:write",
    summary:
      "Approve a sandbox charge, PIX or Bitcoin (test tokens only), answered in its own kind of view; Idempotency-Key accepted",
    tags,
    input: SimulatePaySchema,
    output: AnyChargeViewSchema,
    stored: "plain",
    run: (c, input) =>
      simulatePay(c.deps, c.principal, input.charge_id, c.baseUrl, input.paid_at, input.method),
    tool: {
      name: "simulate_pay",
      description:
        "Sandbox only (test token): approve a pending charge as if it were paid (PIX or BTC-). A charge with a due date takes paid_at (YYYY-MM-DD) and is paid the amount due that day.",
    },
  }),
  operation({
    id: "cancelCharge",
    method: "POST",
    path: "/api/pix/charge/cancel",
    auth: "required",
    scope: "charges:write",
    // A live charge's cob is removed at the merchant's PSP.
    raises: ["BAD_GATEWAY"],
    summary: "Cancel a pending charge; Idempotency-Key accepted",
    tags,
    input: ChargeIdSchema,
    output: ChargeViewSchema,
    stored: "plain",
    run: (c, input) => cancelCharge(c.deps, c.principal, input.charge_id),
  }),
  operation({
    id: "refundCharge",
    method: "POST",
    path: "/api/pix/charge/refund",
    auth: "required",
    scope: "charges:write",
    // A live charge is refunded at the merchant's PSP.
    raises: ["BAD_GATEWAY"],
    summary:
      "Refund an approved charge, in full or in part (value, default what is left; reason); several refunds up to what was paid; Idempotency-Key accepted",
    tags,
    input: RefundChargeSchema,
    output: ChargeViewSchema,
    stored: "plain",
    run: (c, input) => refundCharge(c.deps, c.principal, input),
  }),
];
