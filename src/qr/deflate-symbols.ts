// Deflate's length and distance symbols (RFC 1951 section 3.2.5): which symbol codes a copy's
// length or distance, and the extra bits that follow it to pick the exact value.

// Length symbols 257..285: extra bits and base length, indexed by symbol - 257. LENGTH_SYMBOL maps
// length - 3 to its symbol; 258 has a symbol of its own (285) rather than 284 with all extra bits
// set, which some inflaters reject.
const LENGTH_EXTRA = new Uint8Array(29);
const LENGTH_BASE = new Uint16Array(29);
const LENGTH_SYMBOL = new Uint16Array(256);
for (let sym = 257, length = 3; sym < 285; sym++) {
  const extra = sym < 265 ? 0 : (sym - 261) >>> 2;
  LENGTH_EXTRA[sym - 257] = extra;
  LENGTH_BASE[sym - 257] = length;
  for (let k = 0; k < 1 << extra && length < 258; k++) LENGTH_SYMBOL[length++ - 3] = sym;
}
LENGTH_BASE[28] = 258;
LENGTH_SYMBOL[255] = 285;

/** Literal/length symbol (257..285) of a copy length in 3..258. */
export function lengthSymbol(length: number): number {
  return LENGTH_SYMBOL[length - 3] as number;
}

/** Extra bits after a length symbol. */
export function lengthExtra(symbol: number): number {
  return LENGTH_EXTRA[symbol - 257] as number;
}

/** Shortest length a length symbol stands for; the extra bits add to it. */
export function lengthBase(symbol: number): number {
  return LENGTH_BASE[symbol - 257] as number;
}

/** Distance symbol (0..29) of a distance in 1..32768. */
export function distanceSymbol(distance: number): number {
  if (distance <= 4) return distance - 1;
  // From 5 on, each power-of-two range of distance - 1 splits into two symbols.
  const e = 31 - Math.clz32(distance - 1);
  return 2 * e + (((distance - 1) >>> (e - 1)) & 1);
}

/** Extra bits after a distance symbol. */
export function distanceExtra(symbol: number): number {
  return symbol < 4 ? 0 : (symbol >>> 1) - 1;
}

/** Shortest distance a distance symbol stands for; the extra bits add to it. */
export function distanceBase(symbol: number): number {
  return symbol < 4 ? symbol + 1 : ((2 + (symbol & 1)) << distanceExtra(symbol)) + 1;
}
