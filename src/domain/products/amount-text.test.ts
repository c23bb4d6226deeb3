import assert from "node:assert/strict";
import { test } from "node:test";
import { parseAmountText } from "./amount-text.ts";

// What a payer types on a pay-what-you-want checkout, read to centavos. The property that every
// amount the page formats reads back is test/property/amount-text.prop.test.ts.

test("pt-BR: a decimal comma, dots between thousands, an optional R$ and spaces", () => {
  const cases: [string, number][] = [
    ["12,34", 1234],
    ["12", 1200],
    ["12,3", 1230],
    ["0,29", 29],
    ["0,01", 1],
    ["1.234,56", 123_456],
    ["1.234", 123_400],
    ["1.234.567,89", 123_456_789],
    ["1234,56", 123_456],
    ["R$ 12,34", 1234],
    ["R$\u00a05,00", 500],
    ["  12,34  ", 1234],
  ];
  for (const [text, cents] of cases) assert.equal(parseAmountText(text, "pt-BR"), cents, text);
});

test("pt-BR refuses the English dot decimal, three decimals, bad groups, signs and words", () => {
  for (const text of [
    "12.34",
    "12,345",
    "1.23,45",
    "12.3456,00",
    "1,234.56",
    ",50",
    "12,",
    "-5",
    "+5",
    "1e3",
    "doze",
    "",
    "R$",
    "12 34",
    "0x10",
    "١٢",
    "12345678901234",
  ]) {
    assert.equal(parseAmountText(text, "pt-BR"), undefined, text);
  }
});

test("English takes the dot form, and the pt-BR form with its decimal comma", () => {
  const cases: [string, number][] = [
    ["12.34", 1234],
    ["12.3", 1230],
    ["1,234.56", 123_456],
    ["1,234", 123_400],
    ["12,34", 1234],
    ["1.234,56", 123_456],
    ["12", 1200],
    ["R$12.34", 1234],
  ];
  for (const [text, cents] of cases) assert.equal(parseAmountText(text, "en"), cents, text);
  // "1.234" reads as 1.234 to an English eye: refused, not taken for a thousand.
  for (const text of ["1.234", "12.345", "1,23.45", "-1", "twelve", "12.", ".5", "12 34"]) {
    assert.equal(parseAmountText(text, "en"), undefined, text);
  }
});

test("no float is involved: amounts whose float sum would drift read exactly", () => {
  assert.equal(parseAmountText("0,30", "pt-BR"), 30);
  assert.equal(parseAmountText("1,15", "pt-BR"), 115); // 1.15 * 100 is 114.99999999999999
  assert.equal(parseAmountText("4,35", "pt-BR"), 435); // 4.35 * 100 is 434.99999999999994
  assert.equal(parseAmountText("9.999.999.999.999,99", "pt-BR"), 999_999_999_999_999);
});
