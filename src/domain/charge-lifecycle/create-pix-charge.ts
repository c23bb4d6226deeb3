import type { ChargeDetails } from "../../db/queries/charges.ts";
import type { KeyToStore } from "../../db/queries/idempotency.ts";
import type { ChargeWriter, CobAttemptWriter } from "../../db/queries/insert-charges.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { qrPngDataUrl } from "../../qr/qr-png.ts";
import { creationEvents } from "../charges/charge-events.ts";
import { DISPLAY_STATUS } from "../charges/charge-status.ts";
import { isPublicCheckout } from "../charges/checkout-owner.ts";
import { newChargeRow } from "../charges/new-charge-row.ts";
import { paymentUrl } from "../charges/payment-url.ts";
import type { CreatePixCharge } from "../charges/schemas.ts";
import { type DuePlan, dueFields, planDueCharge } from "../due-date/due-charge.ts";
import { unprocessable } from "../errors.ts";
import { newId } from "../ids.ts";
import { createLiveCob, type LiveCob } from "../live-pix/live-create.ts";
import { createLiveCobV } from "../live-pix/live-create-cobv.ts";
import { centsToBrl } from "../money.ts";
import { resolveAmount } from "../products/resolve-amount.ts";
import { sandboxDueBrCode } from "../sandbox-pix/due-location.ts";
import type { PixProviders } from "../sandbox-pix/pix-provider.ts";
import { clockFor } from "../subscriptions/account-clock.ts";
import type { Tally } from "../tally.ts";

export type PixChargeDeps = {
  db: Db;
  /** Stores new charges, batched with concurrent ones (queries/insert-charges.ts). */
  writeCharge: ChargeWriter;
  /** Journals a live cob's txid before its PUT, in the same batches (live-create.ts). */
  openCobAttempt?: CobAttemptWriter;
  clock: Clock;
  random: Random;
  pixProviders: PixProviders;
  maxChargeCents: number;
  tally?: Tally;
};

export const DEFAULT_EXPIRES_IN_SEC = 3600;

export { LIVE_PSP_MISSING } from "../live-pix/live-create.ts";

/** The customer fields of a create body, as the charge row's details keep them. */
export function chargeDetailsOf(
  input: Pick<CreatePixCharge, (typeof CUSTOMER_FIELDS)[number] | "address">,
): ChargeDetails {
  const details: ChargeDetails = {};
  for (const f of CUSTOMER_FIELDS) {
    const v = input[f];
    if (v !== undefined) details[f] = v;
  }
  if (input.address) details.address = { ...input.address } as Record<string, string>;
  return details;
}

const CUSTOMER_FIELDS = [
  "customer_name",
  "customer_email",
  "customer_cpf",
  "customer_cnpj",
  "customer_phone",
  "customer_zip",
  "customer_street",
  "customer_number",
  "customer_complement",
  "customer_neighborhood",
  "customer_city",
  "customer_state",
  "customer_address",
] as const;

/** Creates a pending PIX charge and returns the spec's creation response. */
export async function createPixCharge(
  deps: PixChargeDeps,
  who: Principal,
  input: CreatePixCharge,
  baseUrl: string,
  opts: PixChargeOptions = {},
) {
  const prepared = await preparePixCharge(deps, who, input, baseUrl, opts);
  await prepared.write();
  return prepared.data;
}

/**
 * `idempotencySeed`: see preparePixCharge. `counterLinkId`: the counter link whose phone asked
 * for the charge (docs/counter.md, "The counter"), kept on the row.
 */
export type PixChargeOptions = { idempotencySeed?: string; counterLinkId?: string };

/**
 * Everything of a PIX charge creation short of storing it: resolves the amount (value, or the
 * product's), asks the mode's provider for a BR Code, draws the QR image, and builds the row, its
 * charge.created and charge.pending events and the response. `write` then stores the charge with
 * its events (and, given one, its Idempotency-Key: the charge is written only if the key is).
 * `idempotencySeed` (run-idempotent.ts) is the key bound to its request, which a live charge's
 * txid derives from; `abandon`, for a live charge, removes its cob when the key turns out to be
 * another request's.
 */
export async function preparePixCharge(
  deps: PixChargeDeps,
  who: Principal,
  input: CreatePixCharge,
  baseUrl: string,
  opts: PixChargeOptions = {},
) {
  const isPublic = isPublicCheckout(who);
  if (isPublic) refuseMerchantFields(input);
  const { valueCents, title } = await resolveAmount(deps, who, {
    value: input.value,
    productId: input.product_id,
    // A payer on the public checkout does not name what they pay for: the product's name is
    // the charge's title (as on the Bitcoin checkout).
    title: isPublic ? null : (input.title ?? null),
  });
  const now = deps.clock.now();
  const expiresIn = input.expires_in ?? DEFAULT_EXPIRES_IN_SEC;
  // A due date makes the charge a cobv (due-charge.ts): payable to the end of its last payable
  // day, its amount depending on the payment date. A sandbox bill's dates are read on the
  // account's test clock (one primary-key read, on this path only), so a bill can be due in 3
  // days of a clock moved ahead; an immediate charge keeps the real clock and reads nothing.
  const dueClock = input.due_date === undefined ? undefined : await clockFor(deps, who);
  const due: DuePlan | undefined =
    input.due_date === undefined || !dueClock
      ? undefined
      : planDueCharge({ clock: dueClock }, { ...input, due_date: input.due_date }, valueCents);
  const id = newId("pix", deps);
  let txid: string;
  let brCode: string;
  let providerName: string;
  let live: LiveCob | undefined;
  if (who.mode === "live" && due) {
    // A live cobv: PUT /cobv/{txid} at the merchant's PSP first, as for a cob (live-create-cobv.ts).
    live = await createLiveCobV({ ...deps, pspClients: deps.pixProviders.live }, who, {
      terms: due.terms,
      debtor: {
        name: input.customer_name ?? "",
        ...(input.customer_cnpj ? { cnpj: input.customer_cnpj } : {}),
        ...(input.customer_cpf ? { cpf: input.customer_cpf } : {}),
      },
      title,
      ...(opts.idempotencySeed ? { idempotencySeed: opts.idempotencySeed } : {}),
    });
    ({ txid, brCode, provider: providerName } = live);
  } else if (who.mode === "live") {
    // The cob is made at the merchant's PSP first; a failure there stores nothing.
    live = await createLiveCob({ ...deps, pspClients: deps.pixProviders.live }, who, {
      amountCents: valueCents,
      expiresInSec: expiresIn,
      title,
      ...(input.customer_cpf ? { customerCpf: input.customer_cpf } : {}),
      ...(input.customer_name ? { customerName: input.customer_name } : {}),
      ...(opts.idempotencySeed ? { idempotencySeed: opts.idempotencySeed } : {}),
    });
    ({ txid, brCode, provider: providerName } = live);
  } else if (due) {
    // A sandbox cobv: a dynamic BR Code whose location this service serves (due-location.ts);
    // the charge id's 26 characters after "pix_" are its txid (a cobv's txid is 26 to 35).
    txid = id.slice(4);
    providerName = deps.pixProviders.test.name;
    brCode =
      sandboxDueBrCode(baseUrl, txid) ??
      // A base URL too long for a location (77 characters): a static code of the value.
      (
        await deps.pixProviders.test.create({
          accountId: who.accountId,
          txid: txid.slice(0, 25),
          amountCents: valueCents,
          expiresInSec: 0,
        })
      ).brCode;
  } else {
    // The charge id's 25 characters after "pix_" are a valid txid (alphanumeric, <= 25 for a
    // static code) that is unique per charge.
    txid = id.slice(4, 29);
    providerName = deps.pixProviders.test.name;
    ({ brCode } = await deps.pixProviders.test.create({
      accountId: who.accountId,
      txid,
      amountCents: valueCents,
      expiresInSec: expiresIn,
      ...(input.description ? { description: input.description } : {}),
    }));
  }

  const details = chargeDetailsOf(input);
  // A live charge is dated when its cob is made, not before the PUT: the list's order is the
  // creation time, and a list held at `as_of` (charge-page.ts) must never see a row appear behind
  // its first page. Dated before a PUT that took seconds, a charge committed after a later one
  // landed inside a walk already under way, where its place had been paged past: missed, and the
  // row before it listed twice. The expiry still counts from before the PUT (never later than
  // the cob's own at the PSP).
  const createdAt = live ? deps.clock.now() : now;

  const qrCodeImage = qrPngDataUrl(brCode);
  const row = newChargeRow(who, {
    id,
    method: "pix",
    valueCents,
    title,
    description: input.description ?? null,
    productId: input.product_id ?? null,
    externalId: input.external_id ?? null,
    details,
    provider: providerName,
    txid,
    brCode,
    expiresAt: due ? due.expiresAt : new Date(now.getTime() + expiresIn * 1000),
    createdAt,
    due,
    counterLinkId: opts.counterLinkId,
  });
  const events = creationEvents(deps, row);
  const data = {
    chargeId: id,
    status: DISPLAY_STATUS.pending,
    statusCode: "pending" as const,
    value: centsToBrl(valueCents),
    brCode,
    qrCodeImage,
    provider: providerName,
    livemode: who.mode === "live",
    expiresAt: row.expiresAt.toISOString(),
    paymentUrl: paymentUrl(baseUrl, id),
    ...dueFields(row, dueClock?.now() ?? now),
  };
  return {
    data,
    write: async (key?: KeyToStore) => {
      let written: boolean;
      try {
        written = await deps.writeCharge({ row, events, ...(key ? { key } : {}) });
      } catch (err) {
        // Nothing half-done: a cob whose charge was not stored is removed (or swept later).
        await live?.abandon();
        throw err;
      }
      // Not written with a key: a concurrent request with the same key owns the charge. The
      // same request (same seed, same txid) shares its cob, which stays; another request's
      // cob is removed by `abandon`, which runIdempotentWrite calls before its 422.
      // A stored charge's cob needs no word here: the journal's sweep closes attempts whose
      // charge exists (claimStaleAttempts), which keeps the create path to one journal write.
      if (written) deps.tally?.chargeCreated("pix", who.mode);
      return written;
    },
    ...(live ? { abandon: live.abandon } : {}),
  };
}

/**
 * The fields that are the merchant's to set, refused on the public checkout: a payer must not
 * pick the merchant's order reference (external_id, which webhooks carry as order_id), the
 * text sent with the code, or how long the charge stays open.
 */
function refuseMerchantFields(input: CreatePixCharge): void {
  const merchantFields = [
    "external_id",
    "description",
    "expires_in",
    "due_date",
    "days_after_due",
    "fine",
    "interest",
    "abatement",
    "discounts",
  ] as const;
  for (const f of merchantFields) {
    if (input[f] !== undefined) {
      throw unprocessable(
        `${f}: is set by the merchant; send it with an API token, not on the public checkout`,
      );
    }
  }
}
