// The BIP380 output-descriptor checksum (the 8 characters after `#`), as in Bitcoin Core's
// descriptor.cpp. A merchant pastes a descriptor copied out of a wallet; the checksum is what lets
// a typo be refused here instead of silently deriving addresses nobody can spend. The polynomial
// arithmetic needs 40-bit values, more than JS bitwise operators keep, hence BigInt.

const INPUT_CHARSET =
  "0123456789()[],'/*abcdefgh@:$%{}IJKLMNOPQRSTUVWXYZ&+-.;<=>?!^_|~ijklmnopqrstuvwxyzABCDEFGH`#\"\\ ";
const CHECKSUM_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const GENERATOR = [0xf5dee51989n, 0xa9fdca3312n, 0x1bab10e32dn, 0x3706b1677an, 0x644d626ffdn];

function polymod(c: bigint, value: number): bigint {
  const top = c >> 35n;
  let next = ((c & 0x7ffffffffn) << 5n) ^ BigInt(value);
  GENERATOR.forEach((g, i) => {
    if ((top >> BigInt(i)) & 1n) next ^= g;
  });
  return next;
}

/** The 8-character checksum of a descriptor body (without `#`), or undefined for a character
 * outside the descriptor alphabet. */
export function descriptorChecksum(body: string): string | undefined {
  let c = 1n;
  let cls = 0;
  let clsCount = 0;
  for (const ch of body) {
    const pos = INPUT_CHARSET.indexOf(ch);
    if (pos === -1) return undefined;
    c = polymod(c, pos & 31);
    cls = cls * 3 + (pos >> 5);
    if (++clsCount === 3) {
      c = polymod(c, cls);
      cls = 0;
      clsCount = 0;
    }
  }
  if (clsCount > 0) c = polymod(c, cls);
  for (let j = 0; j < 8; j++) c = polymod(c, 0);
  c ^= 1n;
  let out = "";
  for (let j = 0; j < 8; j++) out += CHECKSUM_CHARSET[Number((c >> BigInt(5 * (7 - j))) & 31n)];
  return out;
}

/** `body#checksum`: the form Bitcoin Core prints and accepts everywhere. */
export function withChecksum(body: string): string {
  const sum = descriptorChecksum(body);
  if (sum === undefined) throw new RangeError("descriptor has characters outside the BIP380 set");
  return `${body}#${sum}`;
}
