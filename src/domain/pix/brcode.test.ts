import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { createStaticPix, hasError, isDynamicPix, isStaticPix, parsePix } from "pix-utils";
import {
  type BrCodeErrorCode,
  type BrCodeInput,
  type BrCodeMerchantAccount,
  type DecodedBrCode,
  decodeBrCode,
  encodeBrCode,
  normalizeBrCodeText,
} from "./brcode.ts";
import { crc16 } from "./crc16.ts";

// Test vectors quoted verbatim from shared/reference/pix.md §1.6 (numbering follows the reference).
const V = {
  v1: "00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63040DC6",
  v2: "00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 1235204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***630462CA",
  v3: "00020126630014br.gov.bcb.pix0115thalesog@me.com0210Pedido 1230308123412345204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***6304901C",
  v4: "00020126740014br.gov.bcb.pix2552payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e875204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***630442C5",
  v5: "00020101021226740014br.gov.bcb.pix2552payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e875204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63042895",
  v6: "00020126740014br.gov.bcb.pix2552payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e875204000053039865802BR5912BARBARA PELE6015SAO MIGUEL DO O62070503***63040433",
  v7: "00020126950014br.gov.bcb.pix01364004901d-bd85-4769-8e52-cb4c42c506dc0221Jornada pagador 431070308999990085204000053039865406577.575802BR5903Pix6008BRASILIA6229052599ed983ea570413d8d336301d630418B7",
  v8: "00020101021226940014br.gov.bcb.pix2572qr-h.sandbox.pix.bcb.gov.br/rest/api/v2/7b2d64c4eb744a2d92a4dd5f8cfc4dfa5204000053039865802BR5913FULANO DE TAL6008BRASILIA62070503***80950014br.gov.bcb.pix2573qr-h.sandbox.pix.bcb.gov.br/rest/api/rec/3d29b94249c54b3f8c533d729f59b5e56304DBE0",
  v9: "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D",
  v10: "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASÍLIA62070503***6304B4F6",
  v11: "00020101021226850014br.gov.bcb.pix2563exemplodeurl.com.br/pix/v2/11111111-1111-1111-1111-11111111111152040000530398654040.015802BR5925TESTE DE TESTE DO TESTEIE6014RIO DE JANEIRO62070503***6304CD52",
  v12: "00020126580014BR.GOV.BCB.PIX013611111111-1111-1111-1111-11111111111152040000530398654040.015802BR5925TESTE DO TESTE DO TESTEIE6009SAO PAULO6226052211111111111111111111116304642D",
  v13: "00020126580014BR.GOV.BCB.PIX013611111111-1111-1111-1111-11111111111152040000530398654040.015802BR5925Teste do Teste do TesteIE6009SAO PAULO61081111111162160512NUgpnvaS87Ts6304760E",
  v14: "00020101021226820014br.gov.bcb.pix2560exemplodeurl.com/pix/v2/11111111-1111-1111-1111-11111111111152040000530398654045.805802BR5925TESTE DO TESTE DO TESTEIE6014RIO DE JANEIRO622905251111111111111111111111111630449F9",
  v15: "00020126990014br.gov.bcb.pix2577qr-h.sandbox.pix.bcb.gov.br/rest/api/v2/cobv/9b95a87c10a84d65bcbf55a48a2e50c85204000053039865802BR5903Pix6008BRASILIA62070503***63048ECF",
  v16: "00020104141234567890123426580014BR.GOV.BCB.PIX0136123e4567-e12b-12d1-a456-42665544000027300012BR.COM.OUTRO011001234567895204000053039865406123.455802BR5917NOME DO RECEBEDOR6008BRASILIA61087007490062190515RP12345678-201980390012BR.COM.OUTRO01190123.ABCD.3456.WXYZ6304AD38",
  v17: "00020126380014BR.GOV.BCB.PIX0116test@mail.com.br5204000053039865802BR5913FULANO DE TAL6009SAO PAULO62070503***6304102F",
  v18: "00020126380014BR.GOV.BCB.PIX0116test@mail.com.br5204000053039865406100.995802BR5913FULANO DE TAL6009SAO PAULO62070503***63049359",
  v19: "00020126380014BR.GOV.BCB.PIX0116test@mail.com.br5204000053039865802BR5913FULANO DE TAL6009SAO PAULO61088500010062070503***63041747",
  v20: "00020126380014BR.GOV.BCB.PIX0116test@mail.com.br5204000053039865802BR5913FULANO DE TAL6009SAO PAULO62210517my_transaction_id630461CE",
  v21: "00020101021226840014br.gov.bcb.pix2562qrcodepix-h.bb.com.br/pix/766b3e9c-7d5b-4a2c-b912-6f34cb4b0f4c52040000530398654046.545802BR5920EPITACIO NEVES BRAGA6012RONDONOPOLIS62070503***6304B43B",
  v22: "00020101021126950014BR.GOV.BCB.PIX2573spi.hom.cloud.itau.com.br/documentos/ae40f1f9-daa1-41ea-83c7-62fe15efa0a25204000053039865802BR5917TESTE PIX PORTAB 6009SAO PAULO623450300017BR.GOV.BCB.BRCODE01051.0.0630410C4",
  v23: "00020101021226760014br.gov.bcb.pix2554pix.example.com/qr/v2/8b3da2f39a4140d1a91abd93113bd4415204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80800014br.gov.bcb.pix2558pix.example.com/qr/v2/rec/94ed2badcbc04c15b0bb7fa35319489063047741",
  v24: "00020101021226720014br.gov.bcb.pix2550bx.com.br/pix/8b3da2f3-9a41-40d1-a91a-bd93113bd4415204000053039865406123.455802BR5913Fulano de Tal6008BRASILIA62190515RP12345678-2019630445C8",
  badCrc:
    "00020101021226960014br.gov.bcb.pix2574ww4.banrisul.com.br/bqq/api/pix/qrcode/nightly/hiPxAvkKJJhHdJ8Qp2P4aU3Yb2g5204000053039865802BR5908Banrisul6012Porto Alegre61089001026062070503***6304DAA6",
  urlScheme:
    "00020126990014br.gov.bcb.pix2577https://qr-h.sandbox.pix.bcb.gov.br/rest/api/v2/ac8ab4efe7db4200885f5ab3c34725204000053039865802BR5903Pix6008BRASILIA62070503***63041043",
  longName:
    "00020126830014br.gov.bcb.pix01364004901d-bd85-4769-8e52-cb4c42c506dc0221Jornada pagador 57768520400005303986540573.625802BR5926BANCOCENTRALDOBRASIL0003816008BRASILIA62080504oooo6304EFF5",
  reordered:
    "00020104141234567890123426580014BR.GOV.BCB.PIX0136123e4567-e12b-12d1-a456-42665544000027300012BR.COM.OUTRO0110012345678953039865406123.45520400005802BR6008BRASILIA5917NOME DO RECEBEDOR62190515RP12345678-201961087007490080390012BR.COM.OUTRO01190123.ABCD.3456.WXYZ63045110",
};

const withCrc = (body: string): string => `${body}6304${crc16(`${body}6304`)}`;
const BASE = V.v9.slice(0, -8); // manual example without its CRC field

function decoded(code: string): DecodedBrCode {
  const result = decodeBrCode(code);
  if (!result.ok) assert.fail(`expected ${code} to decode, got ${result.error.message}`);
  return result.value;
}

function rejects(code: string, errorCode: BrCodeErrorCode, field?: string): void {
  const result = decodeBrCode(code);
  assert.equal(result.ok, false, `expected rejection of ${code}`);
  if (!result.ok) assert.deepEqual([result.error.code, result.error.field], [errorCode, field]);
}

function encodeFails(input: BrCodeInput, errorCode: BrCodeErrorCode, field?: string): void {
  assert.throws(
    () => encodeBrCode(input),
    (e: unknown) =>
      e instanceof Error &&
      "code" in e &&
      e.code === errorCode &&
      "field" in e &&
      e.field === field,
  );
}

// Rebuilds encoder input from a decoded code, to test that we would emit the same string.
function toInput(d: DecodedBrCode): BrCodeInput {
  const { key, url, description } = d.merchantAccount;
  const common = {
    merchantName: d.merchantName,
    merchantCity: d.merchantCity,
    amountCentavos: d.amountCentavos,
    postalCode: d.postalCode,
    txid: d.txid,
    pointOfInitiationMethod: d.pointOfInitiationMethod,
  };
  return key !== undefined ? { ...common, key, description } : { ...common, url: url ?? "" };
}

// What a round trip must yield: normalised texts, defaults (txid ***), nothing invented.
function expectedDecode(input: BrCodeInput): Omit<DecodedBrCode, "crc"> {
  const account: BrCodeMerchantAccount = { gui: "br.gov.bcb.pix" };
  if (input.key !== undefined) account.key = input.key;
  const info = normalizeBrCodeText(input.description ?? "", Number.POSITIVE_INFINITY);
  if (info !== "") account.description = info;
  if (input.url !== undefined) account.url = input.url;
  const out: Omit<DecodedBrCode, "crc"> = {
    payloadFormatIndicator: "01",
    merchantAccount: account,
    merchantCategoryCode: "0000",
    currency: "986",
    countryCode: "BR",
    merchantName: normalizeBrCodeText(input.merchantName, 25),
    merchantCity: normalizeBrCodeText(input.merchantCity, 15),
    txid: input.txid ?? "***",
  };
  if (input.pointOfInitiationMethod !== undefined)
    out.pointOfInitiationMethod = input.pointOfInitiationMethod;
  if (input.amountCentavos !== undefined) out.amountCentavos = input.amountCentavos;
  if (input.postalCode !== undefined) out.postalCode = input.postalCode;
  return out;
}

// Arbitraries: the key types of reference §1.5 and accented free text.
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const unit = fc.constantFrom(..."aAbBzZ çÇãÃáÁéÉêÊíÍóÓõÕôúÚüñ'-.&09ßø\t".split(""));
const text = (max: number, cap: number) =>
  fc
    .string({ unit, minLength: 1, maxLength: max })
    .filter((s) => normalizeBrCodeText(s, cap) !== "");
const pixKey = fc.oneof(
  fc.uuid(),
  fc.emailAddress().filter((e) => e.length <= 77),
  fc.stringMatching(/^\+55[1-9][0-9]9[0-9]{8}$/),
  fc.stringMatching(/^[0-9]{11}$/),
  fc.stringMatching(/^[0-9]{14}$/),
);
const centavos = fc.oneof(
  fc.constantFrom(1, 5, 99, 100, 1050, 999_999_999_999),
  fc.bigInt({ min: 1n, max: 999_999_999_999n }).map(Number),
);
const common = {
  merchantName: text(40, 25),
  merchantCity: text(30, 15),
  postalCode: opt(fc.stringMatching(/^[0-9]{8}$/)),
  pointOfInitiationMethod: opt(fc.constantFrom("11" as const, "12" as const)),
};
const staticInput: fc.Arbitrary<BrCodeInput> = fc
  .record({
    ...common,
    key: pixKey,
    description: opt(text(40, 72)),
    amountCentavos: opt(centavos),
    txid: opt(fc.oneof(fc.constant("***"), fc.stringMatching(/^[A-Za-z0-9]{1,25}$/))),
  })
  // Template 26 must fit 99 characters: GUI (18) + key + optional description, 4 of overhead each.
  .filter((i) => {
    const info = normalizeBrCodeText(i.description ?? "", Number.POSITIVE_INFINITY);
    return 22 + i.key.length + (info === "" ? 0 : 4 + info.length) <= 99;
  });
const dynamicInput: fc.Arbitrary<BrCodeInput> = fc.record({
  ...common,
  url: fc.stringMatching(/^[a-z0-9-]{1,20}\.[a-z]{2,3}\/[A-Za-z0-9/._-]{1,50}$/),
});
const anyInput = fc.oneof(staticInput, dynamicInput);

describe("decodeBrCode: reference vectors", () => {
  it("accepts every valid §1.6 vector with the documented key/URL, amount and txid", () => {
    const cases: [
      string,
      Partial<BrCodeMerchantAccount>,
      number | undefined,
      string | undefined,
    ][] = [
      [V.v1, { key: "thalesog@me.com", description: "Pedido 123" }, 1000, "***"],
      [V.v2, { key: "thalesog@me.com", description: "Pedido 123" }, undefined, "***"],
      [V.v3, { key: "thalesog@me.com", fss: "12341234" }, undefined, "***"],
      [V.v4, { url: "payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e87" }, undefined, "***"],
      [V.v5, { url: "payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e87" }, undefined, "***"],
      [V.v6, { url: "payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e87" }, undefined, "***"],
      [
        V.v7,
        { key: "4004901d-bd85-4769-8e52-cb4c42c506dc", fss: "99999008" },
        57757,
        "99ed983ea570413d8d336301d",
      ],
      [
        V.v8,
        { url: "qr-h.sandbox.pix.bcb.gov.br/rest/api/v2/7b2d64c4eb744a2d92a4dd5f8cfc4dfa" },
        undefined,
        "***",
      ],
      [V.v9, { key: "123e4567-e12b-12d1-a456-426655440000" }, undefined, "***"],
      [V.v10, { key: "123e4567-e12b-12d1-a456-426655440000" }, undefined, "***"],
      [V.v11, { url: "exemplodeurl.com.br/pix/v2/11111111-1111-1111-1111-111111111111" }, 1, "***"],
      [V.v12, { gui: "BR.GOV.BCB.PIX" }, 1, "1111111111111111111111"],
      [V.v13, { key: "11111111-1111-1111-1111-111111111111" }, 1, "NUgpnvaS87Ts"],
      [
        V.v14,
        { url: "exemplodeurl.com/pix/v2/11111111-1111-1111-1111-111111111111" },
        580,
        "1111111111111111111111111",
      ],
      [
        V.v15,
        { url: "qr-h.sandbox.pix.bcb.gov.br/rest/api/v2/cobv/9b95a87c10a84d65bcbf55a48a2e50c8" },
        undefined,
        "***",
      ],
      [V.v17, { key: "test@mail.com.br" }, undefined, "***"],
      [V.v18, { key: "test@mail.com.br" }, 10099, "***"],
      [V.v19, { key: "test@mail.com.br" }, undefined, "***"],
      [
        V.v21,
        { url: "qrcodepix-h.bb.com.br/pix/766b3e9c-7d5b-4a2c-b912-6f34cb4b0f4c" },
        654,
        "***",
      ],
      [V.v22, { gui: "BR.GOV.BCB.PIX" }, undefined, undefined],
      [V.v23, { url: "pix.example.com/qr/v2/8b3da2f39a4140d1a91abd93113bd441" }, undefined, "***"],
    ];
    for (const [code, account, amount, txid] of cases) {
      const d = decoded(code);
      for (const [field, value] of Object.entries(account)) {
        assert.equal(d.merchantAccount[field as keyof BrCodeMerchantAccount], value, code);
      }
      assert.equal(d.amountCentavos, amount, code);
      assert.equal(d.txid, txid, code);
      assert.equal(d.crc, code.slice(-4));
    }
  });

  it("exposes the optional fields the vectors carry (01, 61, accented city, 80 recurrence URL)", () => {
    assert.equal(decoded(V.v5).pointOfInitiationMethod, "12");
    assert.equal(decoded(V.v22).pointOfInitiationMethod, "11");
    assert.equal(decoded(V.v4).pointOfInitiationMethod, undefined);
    assert.equal(decoded(V.v19).postalCode, "85000100");
    assert.equal(decoded(V.v10).merchantCity, "BRASÍLIA");
    assert.equal(
      decoded(V.v23).recurrenceUrl,
      "pix.example.com/qr/v2/rec/94ed2badcbc04c15b0bb7fa353194890",
    );
  });

  it("re-encodes every vector our encoder could have produced to the identical string", () => {
    for (const code of [V.v1, V.v2, V.v4, V.v5, V.v6, V.v9, V.v15]) {
      assert.equal(encodeBrCode(toInput(decoded(code))), code);
    }
  });

  it("normalises accented input into the reference's ASCII vectors", () => {
    const key = "123e4567-e12b-12d1-a456-426655440000";
    assert.equal(
      encodeBrCode({ key, merchantName: "Fulano de Tal", merchantCity: "BRASÍLIA" }),
      V.v9,
    );
    const url = "payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e87";
    const city = "São Miguel do Oeste";
    assert.equal(
      encodeBrCode({ url, merchantName: "BÁRBARA PELÉ", merchantCity: city.toUpperCase() }),
      V.v6,
    );
  });

  it("rejects every negative or non-compliant vector with the specific fault", () => {
    rejects(V.badCrc, "CRC_MISMATCH", "63");
    rejects(V.urlScheme, "INVALID_FIELD", "26-25");
    rejects(V.longName, "INVALID_FIELD", "59");
    // The txid charset is [A-Za-z0-9] (BCB staff, #77/#212); these CRCs are fine.
    rejects(V.v20, "INVALID_FIELD", "62-05");
    rejects(V.v16, "INVALID_FIELD", "62-05");
    rejects(V.v24, "INVALID_FIELD", "62-05");
    rejects(V.reordered, "INVALID_FIELD", "62-05");
  });

  it("finds no other fault in the Banrisul vector once its CRC is corrected", () => {
    assert.equal(decoded(`${V.badCrc.slice(0, -4)}DAA5`).merchantCity, "Porto Alegre");
  });

  it("accepts any field order between 00 and 63 (#174 example with a compliant txid)", () => {
    const body = V.reordered
      .slice(0, -8)
      .replace("62190515RP12345678-2019", "62180514RP123456782019");
    const d = decoded(withCrc(body));
    assert.equal(d.merchantAccount.key, "123e4567-e12b-12d1-a456-426655440000");
    assert.deepEqual(
      [d.amountCentavos, d.merchantName, d.postalCode],
      [12345, "NOME DO RECEBEDOR", "70074900"],
    );
  });
});

describe("decodeBrCode: structural strictness", () => {
  it("accepts only an uppercase CRC (the manual specifies uppercase hex)", () => {
    rejects(`${V.v1.slice(0, -4)}0dc6`, "INVALID_CRC", "63");
    rejects(V.v1.slice(0, -8), "INVALID_CRC", "63");
  });

  it("rejects malformed TLV: zero length, overrun, non-digit header, duplicates", () => {
    rejects(withCrc(`${BASE}9900`), "MALFORMED_TLV", "root");
    rejects(withCrc(BASE.replace("6008BRASILIA", "6009BRASILIA")), "MALFORMED_TLV", "root");
    rejects(withCrc(`${BASE}9A01x`), "MALFORMED_TLV", "root");
    rejects(withCrc(`${BASE}5903Foo`), "DUPLICATE_FIELD", "root");
    rejects(withCrc(`${BASE}6304ABCD`), "DUPLICATE_FIELD", "root");
    rejects(withCrc(BASE.replace("62070503***", "62110503***9900")), "MALFORMED_TLV", "62");
  });

  it("requires 00 first and fixed values in 00, 53, 58 and 01", () => {
    rejects(
      withCrc(`52040000000201${BASE.slice(6).replace("52040000", "")}`),
      "INVALID_FIELD",
      "00",
    );
    rejects(withCrc(BASE.replace("000201", "000202")), "INVALID_FIELD", "00");
    rejects(withCrc(BASE.replace("5303986", "5303840")), "INVALID_FIELD", "53");
    rejects(withCrc(BASE.replace("5802BR", "5802US")), "INVALID_FIELD", "58");
    rejects(withCrc(BASE.replace("000201", "000201010213")), "INVALID_FIELD", "01");
    rejects(withCrc(BASE.replace("62070503***", "")), "MISSING_FIELD", "62");
    rejects(withCrc(BASE.replace("6008BRASILIA", "")), "MISSING_FIELD", "60");
  });

  it("requires exactly one Pix account template holding a key or only a URL", () => {
    const mai = BASE.slice(6, 68); // "2658...": the whole 26 field of the manual example
    rejects(
      withCrc(BASE.replace(mai, `${mai}${mai.replace(/^26/, "27")}`)),
      "DUPLICATE_FIELD",
      "27",
    );
    rejects(withCrc(BASE.replace(mai, "26180014br.gov.bcb.pux")), "MISSING_FIELD", "26");
    rejects(
      withCrc(BASE.replace(mai, "26410014br.gov.bcb.pix0105a@b.c2510a.com/b/cd")),
      "INVALID_FIELD",
      "26",
    );
    rejects(
      withCrc(BASE.replace(mai, "26360014br.gov.bcb.pix2510a.com/b/cd0200")),
      "MALFORMED_TLV",
      "26",
    );
    rejects(
      withCrc(BASE.replace(mai, "26340014br.gov.bcb.pix2504a/bc0204info")),
      "INVALID_FIELD",
      "26",
    );
    rejects(withCrc(BASE.replace(mai, "26180014br.gov.bcb.pix")), "INVALID_FIELD", "26");
  });

  it("parses amounts exactly from the string, accepting Stone's spellings but not zero", () => {
    const cases: [string, number][] = [
      ["10", 1000],
      ["10.", 1000],
      ["0.9", 90],
      [".10", 10],
      ["123456789.23", 12345678923],
      ["9999999999.99", 999999999999],
    ];
    for (const [raw, cents] of cases) {
      const len = raw.length.toString().padStart(2, "0");
      assert.equal(
        decoded(withCrc(BASE.replace("5802BR", `54${len}${raw}5802BR`))).amountCentavos,
        cents,
      );
    }
    for (const raw of ["0.00", "1,00", "1.000", "-1.00", "01", "1e3", "99999999999.99"]) {
      const len = raw.length.toString().padStart(2, "0");
      rejects(withCrc(BASE.replace("5802BR", `54${len}${raw}5802BR`)), "INVALID_FIELD", "54");
    }
  });

  it("rejects control or astral characters, oversize codes and non-strings without throwing", () => {
    rejects(withCrc(BASE.replace("Fulano de Tal", "Fulano\tde Tal")), "INVALID_CHARACTERS");
    rejects(withCrc(BASE.replace("Fulano de Tal", "Fulano 😀e Tal")), "INVALID_CHARACTERS");
    rejects("0".repeat(513), "CODE_TOO_LONG");
    rejects(null as unknown as string, "INVALID_INPUT");
  });

  it("never throws, whatever string it is given", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (s) => void decodeBrCode(s)),
    );
  });
});

describe("encodeBrCode", () => {
  const base = { key: "pix@bcb.gov.br", merchantName: "Loja", merchantCity: "Recife" };

  it("formats integer centavos as d+.dd without floats", () => {
    const cases: [number, string][] = [
      [1050, "10.50"],
      [5, "0.05"],
      [100, "1.00"],
      [1, "0.01"],
      [999_999_999_999, "9999999999.99"],
    ];
    for (const [cents, text] of cases) {
      const code = encodeBrCode({ ...base, amountCentavos: cents });
      assert.ok(code.includes(`54${text.length.toString().padStart(2, "0")}${text}5802BR`), code);
    }
  });

  it("rejects amounts that are not positive integers or exceed 13 characters", () => {
    for (const cents of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) {
      encodeFails({ ...base, amountCentavos: cents }, "INVALID_INPUT", "54");
    }
    encodeFails({ ...base, amountCentavos: 1_000_000_000_000 }, "INVALID_INPUT", "54");
  });

  it("rejects a merchant account template over 99 characters or an over-long description", () => {
    const key = "123e4567-e12b-12d1-a456-426655440000";
    encodeFails({ ...base, key, description: "x".repeat(40) }, "FIELD_TOO_LONG", "26");
    encodeFails({ ...base, description: "x".repeat(73) }, "INVALID_INPUT", "26-02");
    encodeFails({ ...base, key: "a".repeat(78) }, "INVALID_INPUT", "26-01");
    encodeFails({ ...base, key: "has space" }, "INVALID_INPUT", "26-01");
  });

  it("enforces the static txid rule and the dynamic-code restrictions", () => {
    for (const txid of ["my_transaction_id", "a".repeat(26), "", "RP12345678-2019"]) {
      encodeFails({ ...base, txid }, "INVALID_INPUT", "62-05");
    }
    const dyn = { url: "psp.example/cob/1", merchantName: "Loja", merchantCity: "Recife" };
    encodeFails({ ...dyn, url: "https://psp.example/cob/1" }, "INVALID_INPUT", "26-25");
    encodeFails({ ...dyn, amountCentavos: 100 }, "INVALID_INPUT", "54");
    encodeFails({ ...dyn, txid: "abc" }, "INVALID_INPUT", "62-05");
    encodeFails({ ...dyn, ...base } as unknown as BrCodeInput, "INVALID_INPUT", "26");
    encodeFails(
      { merchantName: "a", merchantCity: "b" } as unknown as BrCodeInput,
      "INVALID_INPUT",
      "26",
    );
  });

  it("rejects names, cities and postal codes that cannot be represented", () => {
    encodeFails({ ...base, merchantName: "😀 東京" }, "INVALID_INPUT", "59");
    encodeFails({ ...base, merchantCity: "  " }, "INVALID_INPUT", "60");
    encodeFails({ ...base, postalCode: "1234" }, "INVALID_INPUT", "61");
    encodeFails({ ...base, pointOfInitiationMethod: "13" as "11" }, "INVALID_INPUT", "01");
    assert.equal(
      decoded(encodeBrCode({ ...base, postalCode: "01310-100" })).postalCode,
      "01310100",
    );
  });
});

describe("normalizeBrCodeText", () => {
  it("strips diacritics, drops non-ASCII, collapses whitespace, trims and truncates", () => {
    assert.equal(normalizeBrCodeText("  Bárbara\t\nPelé  ", 25), "Barbara Pele");
    assert.equal(normalizeBrCodeText("São Miguel do Oeste", 15), "Sao Miguel do O");
    assert.equal(normalizeBrCodeText("Açaí 😀 & Cia", 25), "Acai & Cia");
    assert.equal(normalizeBrCodeText("abcd efgh", 5), "abcd");
  });

  it("always yields trimmed printable ASCII within max, and is idempotent", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 60 }),
        fc.integer({ min: 1, max: 99 }),
        (s, max) => {
          const out = normalizeBrCodeText(s, max);
          assert.match(out, /^(?:[\x21-\x7E](?:[\x20-\x7E]*[\x21-\x7E])?)?$/);
          assert.ok(out.length <= max);
          assert.equal(normalizeBrCodeText(out, max), out);
        },
      ),
    );
  });
});

describe("encode/decode properties", () => {
  it("round-trips arbitrary valid inputs (all key types, 1..10^12-1 centavos, accents)", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const code = encodeBrCode(input);
        const { crc, ...rest } = decoded(code);
        assert.deepEqual(rest, expectedDecode(input));
        assert.equal(crc, code.slice(-4));
      }),
      { numRuns: 500 },
    );
  });

  it("detects any single-character substitution in a valid code", () => {
    const arb = fc.tuple(anyInput, fc.nat(), fc.integer({ min: 0x20, max: 0x7e }));
    fc.assert(
      fc.property(arb, ([input, pos, charCode]) => {
        const code = encodeBrCode(input);
        const i = pos % code.length;
        const replacement = String.fromCharCode(charCode);
        fc.pre(code[i] !== replacement);
        assert.equal(decodeBrCode(code.slice(0, i) + replacement + code.slice(i + 1)).ok, false);
      }),
      { numRuns: 1000 },
    );
  });

  it("produces codes the independent pix-utils parser accepts with the same key, URL and amount", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const parsed = parsePix(encodeBrCode(input));
        if (hasError(parsed)) assert.fail(parsed.message);
        if (input.key !== undefined) {
          assert.ok(isStaticPix(parsed));
          assert.equal(parsed.pixKey, input.key);
          assert.equal(
            Math.round((parsed.transactionAmount ?? 0) * 100),
            input.amountCentavos ?? 0,
          );
          assert.equal(parsed.txid, input.txid ?? "***");
        } else {
          assert.ok(isDynamicPix(parsed));
          assert.equal(parsed.url, input.url);
        }
        assert.equal(parsed.merchantName, normalizeBrCodeText(input.merchantName, 25));
        assert.equal(parsed.merchantCity, normalizeBrCodeText(input.merchantCity, 15));
      }),
      { numRuns: 300 },
    );
  });

  it("decodes codes generated by pix-utils to the same key, amount and txid", () => {
    const ascii = fc.stringMatching(/^[A-Z][A-Z ]{0,14}$/);
    const arb = fc.record({
      key: pixKey.filter((k) => k.length <= 60),
      name: ascii,
      city: ascii,
      cents: centavos,
      txid: fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
    });
    fc.assert(
      fc.property(arb, ({ key, name, city, cents, txid }) => {
        const pix = createStaticPix({
          pixKey: key,
          merchantName: name,
          merchantCity: city,
          transactionAmount: cents / 100,
          txid,
        });
        if (hasError(pix)) assert.fail(pix.message);
        const d = decoded(pix.toBRCode());
        assert.deepEqual([d.merchantAccount.key, d.amountCentavos, d.txid], [key, cents, txid]);
      }),
      { numRuns: 300 },
    );
  });
});
