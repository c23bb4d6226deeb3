import { ChargeViewSchema } from "../domain/charges/schemas.ts";
import { simulateQrPay } from "../domain/qr-codes/pay-qr-code.ts";
import { createQrCode, disableQrCode, listQrCodes } from "../domain/qr-codes/qr-codes.ts";
import {
  CreateQrCodeSchema,
  ListQrCodesArgsSchema,
  ListQrCodesQuerySchema,
  QrCodeCreatedSchema,
  QrCodeIdSchema,
  QrCodeListSchema,
  QrCodeViewSchema,
  SimulateQrPaySchema,
} from "../domain/qr-codes/schemas.ts";
import { operation } from "./operation.ts";

// Reusable (static) QR codes, the counter's Pix (docs/counter.md): made once, paid many times,
// each payment an approved charge naming the code.

const tags = ["pix"];

export const PIX_QR_CODE_OPERATIONS = [
  operation({
    id: "createPixQrCode",
    method: "POST",
    path: "/api/pix/qr-codes/create",
    auth: "required",
    scope: "charges:write",
    summary:
      "Create a reusable (static) PIX QR code, with or without a fixed amount, and its printable poster; Idempotency-Key accepted",
    tags,
    input: CreateQrCodeSchema,
    output: QrCodeCreatedSchema,
    stored: "plain",
    run: (c, input) => createQrCode(c.deps, c.principal, input, c.baseUrl),
    tool: {
      name: "create_pix_qr_code",
      description:
        "Create a reusable static PIX QR code (title, optional fixed value in BRL, optional description): every payment to it becomes an approved charge naming its qrCodeId. Answers the BR Code, its PNG and a printable poster URL.",
    },
  }),
  operation({
    id: "listPixQrCodes",
    method: "GET",
    path: "/api/pix/qr-codes/list",
    auth: "required",
    scope: "charges:read",
    summary: "Reusable PIX QR codes, newest first (disabled ones with include_disabled=true)",
    tags,
    input: ListQrCodesQuerySchema,
    args: ListQrCodesArgsSchema,
    output: QrCodeListSchema,
    run: (c, input) => listQrCodes(c.deps, c.principal, input, c.baseUrl),
    tool: {
      name: "list_pix_qr_codes",
      description:
        "Reusable PIX QR codes of this account and mode, newest first (limit 1..200, default 50). Their payments are listed by list_pix_charges with qr_code_id.",
    },
  }),
  operation({
    id: "disablePixQrCode",
    method: "POST",
    path: "/api/pix/qr-codes/disable",
    auth: "required",
    scope: "charges:write",
    summary:
      "Disable a reusable PIX QR code: payments to it make no more charges; Idempotency-Key accepted",
    tags,
    input: QrCodeIdSchema,
    output: QrCodeViewSchema,
    stored: "plain",
    run: (c, input) => disableQrCode(c.deps, c.principal, input.qr_code_id, c.baseUrl),
  }),
  operation({
    id: "simulateQrCodePayment",
    sandboxOnly: true,
    method: "POST",
    path: "/api/pix/qr-codes/simulate-pay",
    auth: "required",
    scope: "charges:write",
    summary:
      "Pay a sandbox reusable QR code (test tokens only): an approved charge naming it; Idempotency-Key accepted",
    tags,
    input: SimulateQrPaySchema,
    output: ChargeViewSchema,
    stored: "plain",
    run: (c, input) => simulateQrPay(c.deps, c.principal, input),
  }),
];
