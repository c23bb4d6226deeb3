import assert from "node:assert/strict";
import { test } from "node:test";
import { checkDisplayName } from "../../domain/accounts/display-name.ts";
import { AppError } from "../../domain/errors.ts";
import {
  pendingChargesRefusal,
  unsettledCobsRefusal,
} from "../../domain/live-pix/live-delete-guard.ts";
import { CreateProductSchema } from "../../domain/products/products.ts";
import { activeSubscriptionsRefusal } from "../../domain/subscriptions-live/delete-guard.ts";
import { CreateTokenSchema } from "../../domain/tokens/schemas.ts";
import { parseForm } from "../dashboard/format.ts";
import { domainMessage, KNOWN_DOMAIN_MESSAGES } from "./domain-messages.ts";

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
