// CRC-16/CCITT-FALSE as required by the Pix BR Code (field 63): polynomial 0x1021, initial value
// 0xFFFF, no reflection, no final xor. The BR Code rules compute it over the UTF-8 bytes of the
// payload, so non-ASCII characters (which some PSPs emit in names and cities) are encoded before
// they enter the register; the ASCII fast path avoids allocating anything for the common case.

// Byte-at-a-time lookup table: entry n is the register after shifting byte n through it, so the
// main loop does one lookup per byte instead of eight conditional xors.
function buildTable(): Uint16Array {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let reg = n << 8;
    for (let bit = 0; bit < 8; bit++) {
      reg = reg & 0x8000 ? (reg << 1) ^ 0x1021 : reg << 1;
    }
    table[n] = reg & 0xffff;
  }
  return table;
}

// Building the table is a pure computation (no I/O, no global state), so doing it once at module
// evaluation keeps every call branch-free without counting as an import-time side effect.
const TABLE = buildTable();

function step(reg: number, byte: number): number {
  // The index is always in 0..255 and the table has 256 entries, so the fallback never runs; it
  // only exists because noUncheckedIndexedAccess types typed-array reads as possibly undefined.
  return ((reg << 8) ^ (TABLE[((reg >> 8) ^ byte) & 0xff] ?? 0)) & 0xffff;
}

/** Returns the CRC of `text` (as UTF-8) as 4 uppercase, zero-padded hex characters. */
export function crc16(text: string): string {
  let reg = 0xffff;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) {
      // Only the tail from the first non-ASCII character needs encoding; the prefix bytes are
      // already in the register and equal their char codes.
      for (const byte of new TextEncoder().encode(text.slice(i))) reg = step(reg, byte);
      break;
    }
    reg = step(reg, c);
  }
  return reg.toString(16).toUpperCase().padStart(4, "0");
}
