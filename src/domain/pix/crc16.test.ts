import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { crc16 } from "./crc16.ts";

// Bit-by-bit CRC-16/CCITT-FALSE straight from the definition, used as an oracle for the
// table-driven implementation: sharing no code, they can only agree if both are right.
function referenceCrc(text: string): string {
  let reg = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    reg ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      reg = reg & 0x8000 ? ((reg << 1) ^ 0x1021) & 0xffff : reg << 1;
  }
  return reg.toString(16).toUpperCase().padStart(4, "0");
}

describe("crc16 (CRC-16/CCITT-FALSE)", () => {
  it("matches the catalogued check value for '123456789' (29B1)", () => {
    assert.equal(crc16("123456789"), "29B1");
  });

  it("returns the initial register FFFF for empty input (no xorout)", () => {
    assert.equal(crc16(""), "FFFF");
  });

  it("reproduces the BACEN manual example CRC 1D3D over everything up to 6304", () => {
    const body =
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304";
    assert.equal(crc16(body), "1D3D");
  });

  it("zero-pads to four uppercase hex digits (pix-utils vector 0DC6)", () => {
    const body =
      "00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***6304";
    assert.equal(crc16(body), "0DC6");
  });

  it("hashes UTF-8 bytes, not UTF-16 units (Stone's BRASÍLIA vector B4F6)", () => {
    const body =
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASÍLIA62070503***6304";
    assert.equal(crc16(body), "B4F6");
  });

  it("agrees with a bitwise reference for arbitrary ASCII and Unicode text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        assert.equal(crc16(text), referenceCrc(text));
      }),
      { numRuns: 300 },
    );
  });
});
