import assert from "node:assert/strict";
import { test } from "node:test";
import { asLang, formatBrl, LANGS, langFromAcceptLanguage, translator } from "./catalogue.ts";
import { common } from "./common.ts";
import { dashboard } from "./dashboard.ts";
import { pay } from "./pay.ts";
import { receipt } from "./receipt.ts";
import { statement } from "./statement.ts";

test("every area has the same keys in Portuguese and English, none empty", () => {
  for (const area of [common, dashboard, pay, receipt, statement]) {
    const pt = Object.keys(area["pt-BR"]).sort();
    assert.deepEqual(Object.keys(area.en).sort(), pt);
    for (const lang of LANGS) {
      for (const [k, v] of Object.entries(area[lang]))
        assert.ok(v.trim().length > 0, `${lang} ${k}`);
    }
  }
});

test("Accept-Language picks Portuguese or English by weight; anything else is Portuguese", () => {
  assert.equal(langFromAcceptLanguage(undefined), "pt-BR");
  assert.equal(langFromAcceptLanguage("en-US,en;q=0.9"), "en");
  assert.equal(langFromAcceptLanguage("de-DE, en;q=0.5, pt-BR;q=0.8"), "pt-BR");
  assert.equal(langFromAcceptLanguage("fr"), "pt-BR");
  assert.equal(langFromAcceptLanguage("pt;q=0, en"), "en");
  assert.equal(asLang("PT-br"), "pt-BR");
  assert.equal(asLang("es"), undefined);
});

test("a translator fills parameters; money is formatted per language from integer centavos", () => {
  const t = translator("en", common, dashboard);
  assert.equal(t("signin.title"), "Sign in");
  assert.equal(translator("pt-BR", common)("action.copy"), "Copiar");
  assert.equal(formatBrl("pt-BR", 123456).replace(/\s/g, " "), "R$ 1.234,56");
  assert.equal(formatBrl("en", 5), "R$0.05");
});
