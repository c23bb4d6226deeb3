import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { formatCents } from "../../src/domain/money.ts";
import { parseAmountText } from "../../src/domain/products/amount-text.ts";
import { formatBrl } from "../../src/web/i18n/catalogue.ts";

// Whatever amount a pay-what-you-want checkout shows (its bounds, its suggestions, formatted by
// the page's own formatBrl), a payer who types it back, in the page's language, pays exactly
// those centavos; so does one who types it plainly (no R$, no thousands dots).

const CENTS = fc.integer({ min: 1, max: 99_999_999_999_99 });

test("formatting centavos as the page does, then reading the text back, gives the centavos (pt-BR and English)", () => {
  fc.assert(
    fc.property(CENTS, fc.constantFrom("pt-BR" as const, "en" as const), (cents, lang) => {
      const shown = formatBrl(lang, cents);
      assert.equal(parseAmountText(shown, lang), cents, shown);
    }),
    { numRuns: 2000 },
  );
});

test("plain decimal text reads back: '1234,56' in pt-BR, '1234.56' and '1234,56' in English", () => {
  fc.assert(
    fc.property(CENTS, (cents) => {
      const dot = formatCents(cents);
      const comma = dot.replace(".", ",");
      assert.equal(parseAmountText(comma, "pt-BR"), cents, comma);
      assert.equal(parseAmountText(dot, "en"), cents, dot);
      assert.equal(parseAmountText(comma, "en"), cents, comma);
      // Without the centavos when they are zero: "12" is R$ 12,00.
      if (cents % 100 === 0) assert.equal(parseAmountText(dot.slice(0, -3), "pt-BR"), cents);
    }),
    { numRuns: 2000 },
  );
});
