import assert from "node:assert/strict";
import { test } from "node:test";
import { checkDisplayName } from "../../domain/accounts/display-name.ts";
import { CreatePixChargeSchema } from "../../domain/charges/schemas.ts";
import { previewWallet } from "../../domain/crypto/wallets.ts";
import { dueDateTermsFor } from "../../domain/due-date/terms-schema.ts";
import { AppError } from "../../domain/errors.ts";
import { LIVE_PSP_MISSING } from "../../domain/live-pix/live-create.ts";
import {
  pendingChargesRefusal,
  unsettledCobsRefusal,
} from "../../domain/live-pix/live-delete-guard.ts";
import { CreateProductSchema } from "../../domain/products/products.ts";
import { activeSubscriptionsRefusal } from "../../domain/subscriptions-live/delete-guard.ts";
import { CreateTokenSchema } from "../../domain/tokens/schemas.ts";
import { TOTP_REFUSALS } from "../../domain/users/two-factor.ts";
import { parseForm } from "../dashboard/format.ts";
import { domainMessage, KNOWN_DOMAIN_MESSAGES, TWO_FACTOR_PATTERNS } from "./domain-messages.ts";

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err.message;
    throw err;
  }
  throw new Error("not refused");
};

test("the domain messages that reach pages read in Portuguese on a pt-BR page, as they are in English", () => {
  const real = [
    refusal(() => parseForm(CreateProductSchema, { name: "", value: 5 })),
    refusal(() => parseForm(CreateProductSchema, { name: "x", value: 5, success_url: "ftp://x" })),
    refusal(() => parseForm(CreateTokenSchema, { label: "" })),
    refusal(() => checkDisplayName("<b>")),
    refusal(() => checkDisplayName("x")),
  ];
  for (const message of [...KNOWN_DOMAIN_MESSAGES, ...real]) {
    const pt = domainMessage("pt-BR", message);
    assert.notEqual(pt, message, `not translated: ${message}`);
    assert.ok(!/\bmust\b|\bthis\b/.test(pt), `English left in: ${pt}`);
    assert.equal(domainMessage("en", message), message);
  }
  assert.equal(domainMessage("pt-BR", "name: must not be empty"), "Nome: não pode ficar vazio");
  // A message the tables do not know is shown as it is.
  assert.equal(domainMessage("pt-BR", "zzz: something new"), "zzz: something new");
});

test("the PSP connection delete's refusals read in Portuguese on a pt-BR page, their lists included", () => {
  for (const n of [1, 25]) {
    const ids = Array.from({ length: Math.min(n, 20) }, (_, i) => `id${i}`);
    for (const message of [
      unsettledCobsRefusal(ids, n),
      pendingChargesRefusal(ids, n),
      activeSubscriptionsRefusal(ids, n),
    ]) {
      const pt = domainMessage("pt-BR", message);
      assert.notEqual(pt, message, `not translated: ${message}`);
      assert.ok(pt.startsWith("Conexão PSP: "), pt);
      assert.ok(!/\b(live|the|and|more|then)\b/.test(pt), `English left in: ${pt}`);
      assert.ok(pt.includes(n === 1 ? "id0)" : "id19 e mais 5)"), `the list is kept: ${pt}`);
    }
  }
});

test("a bill's refusals (a due date already past, a discount after the due date, a fine without a due date) read in Portuguese with Brazilian dates", () => {
  const past = dueDateTermsFor(
    { due_date: "2026-11-20", days_after_due: 30 },
    10_000,
    "2026-11-28",
  );
  assert.equal(past.ok, false);
  const late = refusal(() =>
    parseForm(CreatePixChargeSchema, {
      value: 100,
      due_date: "2026-12-10",
      customer_name: "Maria",
      customer_cpf: "529.982.247-25",
      discounts: { mode: "fixed_until_date", tiers: [{ date: "2026-12-20", value: 1 }] },
    }),
  );
  const noDue = refusal(() =>
    parseForm(CreatePixChargeSchema, { value: 100, fine: { mode: "percent", value: 2 } }),
  );
  const messages = [past.ok ? "" : past.message, late, noDue];
  const pt = messages.map((m) => domainMessage("pt-BR", m));
  assert.match(pt[0] ?? "", /^Vencimento: deve ser hoje ou depois \(hoje é 28\/11\/2026\)/);
  assert.match(pt[1] ?? "", /^Desconto: deve ser até o vencimento \(10\/12\/2026\)$/);
  assert.match(pt[2] ?? "", /^Multa: só vale para uma cobrança com vencimento/);
  for (const [i, text] of pt.entries()) {
    assert.ok(!/\b(must|needs|today|before|due_date)\b/.test(text), `English left in: ${text}`);
    assert.equal(domainMessage("en", messages[i] ?? ""), messages[i]);
  }
});

test("the wallet's refusal of a published test key and a live charge without a PSP say what to do on the page, with no API or repository path", () => {
  const { refusal: published } = previewWallet(
    { accountId: "acc", mode: "live", tokenId: "t" },
    {
      key: "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs",
    },
  );
  assert.ok(published, "the BIP84 example key is refused in live mode");
  const pt = domainMessage("pt-BR", published);
  assert.match(pt, /^Chave: esta é uma chave de exemplo publicada \(o mnemônico de teste/);
  assert.ok(!/\b(the|anyone|your|token)\b/.test(pt), `English left in: ${pt}`);
  for (const lang of ["pt-BR", "en"] as const) {
    const text = domainMessage(lang, LIVE_PSP_MISSING);
    assert.match(text, lang === "en" ? /PIX provider page/ : /página Provedor PIX/);
    assert.ok(!/\/api\/|docs\/|token/.test(text), `an API word in: ${text}`);
  }
});

test("every two-factor refusal reads as a sentence of its page's language, English included, never naming `totp`", () => {
  const refusals = Object.values(TOTP_REFUSALS).map((r) => (typeof r === "function" ? r(37) : r));
  for (const message of refusals) {
    assert.ok(
      TWO_FACTOR_PATTERNS.some((p) => p.test(message)),
      `no sentence for a two-factor refusal: ${message}`,
    );
    const en = domainMessage("en", message);
    const pt = domainMessage("pt-BR", message);
    for (const text of [en, pt]) {
      assert.ok(!/totp/i.test(text), `the code's word is shown: ${text}`);
      assert.match(text, /^[A-ZÁÉÍÓÚ].*\.$/, `not a sentence: ${text}`);
    }
    assert.ok(
      !/[ãõçéêáíóú]|\b(não|código|de novo)\b/i.test(en),
      `Portuguese left in English: ${en}`,
    );
    assert.ok(!/\b(the|is|not|code|again)\b/.test(pt), `English left in Portuguese: ${pt}`);
  }
  assert.equal(
    domainMessage("en", TOTP_REFUSALS.throttled(37)),
    "Too many attempts. Try again in 37 s.",
  );
  assert.equal(
    domainMessage("pt-BR", TOTP_REFUSALS.notOn),
    "A verificação em duas etapas não está ativada.",
  );
});
