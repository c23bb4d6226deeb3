import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { normalizeCep, normalizeCnpj, normalizeCpf, normalizePhone } from "./br-validators.ts";

function cpfWithCheckDigits(nine: number[]): string {
  const d = [...nine];
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += (d[i] ?? 0) * (len + 1 - i);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join("");
}

test("valid CPFs are accepted with or without punctuation; a wrong check digit is not", () => {
  assert.equal(normalizeCpf("529.982.247-25"), "52998224725");
  assert.equal(normalizeCpf("52998224725"), "52998224725");
  assert.equal(normalizeCpf("52998224724"), undefined);
  assert.equal(normalizeCpf("111.111.111-11"), undefined, "repeated digits are invalid");
  assert.equal(normalizeCpf("5299822472"), undefined);
  assert.equal(normalizeCpf("abc"), undefined);
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }),
      fc.integer({ min: 1, max: 9 }),
      (nine, bump) => {
        const cpf = cpfWithCheckDigits(nine);
        fc.pre(!/^(\d)\1{10}$/.test(cpf));
        assert.equal(normalizeCpf(cpf), cpf);
        const broken = cpf.slice(0, 10) + String((Number(cpf[10]) + bump) % 10);
        assert.equal(normalizeCpf(broken), undefined);
      },
    ),
  );
});

test("CEPs are 8 digits, with an optional hyphen", () => {
  assert.equal(normalizeCep("01310-100"), "01310100");
  assert.equal(normalizeCep("01310100"), "01310100");
  assert.equal(normalizeCep("1310-100"), undefined);
  assert.equal(normalizeCep("01310-1000"), undefined);
});

test("phones normalise to +55 with area code", () => {
  assert.equal(normalizePhone("(11) 91234-5678"), "+5511912345678");
  assert.equal(normalizePhone("+55 11 91234 5678"), "+5511912345678");
  assert.equal(normalizePhone("1133334444"), "+551133334444");
  assert.equal(normalizePhone("912345678"), undefined);
  assert.equal(normalizePhone("+1 415 555 0100"), undefined);
  assert.equal(normalizePhone("11 9abc"), undefined);
});

test("a CNPJ is accepted only with its check digits, numeric or alphanumeric (IN RFB 2.229/2024)", () => {
  assert.equal(normalizeCnpj("11.222.333/0001-81"), "11222333000181");
  assert.equal(normalizeCnpj("12345678000195"), "12345678000195", "the BACEN file's example");
  assert.equal(normalizeCnpj("11222333000182"), undefined);
  assert.equal(normalizeCnpj("00000000000000"), undefined, "repeated digits are invalid");
  // The Receita Federal's published alphanumeric example: 12.ABC.345/01DE-35.
  assert.equal(normalizeCnpj("12.ABC.345/01DE-35"), "12ABC34501DE35");
  assert.equal(normalizeCnpj("12abc34501de35"), "12ABC34501DE35", "letters are upper-cased");
  assert.equal(normalizeCnpj("12ABC34501DE36"), undefined);
  assert.equal(normalizeCnpj("12ABC34501DEA5"), undefined, "check digits stay digits");
  assert.equal(normalizeCnpj("1122233300018"), undefined);
  assert.equal(normalizeCpf("11222333000181"), undefined, "a CNPJ is not a CPF");
});
