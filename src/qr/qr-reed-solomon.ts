// Reed-Solomon error correction over GF(256), as QR codes use it: each block of data codewords
// gets the remainder of its polynomial (times x^degree) divided by the generator
// (x - a^0)(x - a^1)...(x - a^(degree-1)).

/**
 * Splits the data codewords into `blocks` blocks, computes each block's Reed-Solomon codewords,
 * and interleaves everything column by column as the symbol expects: `total` codewords in all.
 * Blocks in the second group carry one more data codeword than those in the first.
 */
export function addErrorCorrection(data: Uint8Array, total: number, blocks: number): Uint8Array {
  const longBlocks = total % blocks;
  const shortBlocks = blocks - longBlocks;
  const shortData = Math.floor(data.length / blocks);
  const ecLen = Math.floor(total / blocks) - shortData;
  const generator = rsGenerator(ecLen);
  const out = new Uint8Array(total);
  const rem = new Int32Array(generator.words);
  for (let b = 0, offset = 0; b < blocks; b++) {
    const len = b < shortBlocks ? shortData : shortData + 1;
    for (let i = 0; i < shortData; i++) out[i * blocks + b] = data[offset + i] as number;
    if (len > shortData)
      out[shortData * blocks + b - shortBlocks] = data[offset + shortData] as number;
    rsRemainder(data, offset, offset + len, generator, rem);
    for (let i = 0; i < ecLen; i++) {
      out[data.length + i * blocks + b] = ((rem[i >>> 2] as number) >>> ((i & 3) * 8)) & 0xff;
    }
    offset += len;
  }
  return out;
}

// GF(256) with the QR polynomial x^8+x^4+x^3+x^2+1. EXP is doubled so a product's log sum never
// needs reducing mod 255.
const { EXP, LOG } = buildGaloisTables();
function buildGaloisTables(): { EXP: Uint8Array; LOG: Uint8Array } {
  const exp = new Uint8Array(512);
  const log = new Uint8Array(256);
  for (let i = 0, x = 1; i < 255; i++) {
    exp[i] = x;
    log[x] = i;
    x = x & 0x80 ? ((x << 1) ^ 0x11d) & 0xff : x << 1;
  }
  for (let i = 255; i < 512; i++) exp[i] = at(exp, i - 255);
  return { EXP: exp, LOG: log };
}

/**
 * A generator polynomial in the form the division uses: for every possible factor f, the
 * generator's coefficients below the leading 1, each times f, packed four to a 32-bit word
 * (coefficient j in byte j % 4 of word j / 4, lowest byte first).
 */
interface Generator {
  words: number;
  /** 256 rows of `words` words, row f for factor f. */
  products: Int32Array;
}

// Built on first use per degree; level M uses a handful of degrees (at most 28, 7 words).
const generators = new Map<number, Generator>();
function rsGenerator(degree: number): Generator {
  const cached = generators.get(degree);
  if (cached) return cached;
  // Multiply (x - a^0)(x - a^1)...; coefficients are kept highest degree first.
  let poly = new Uint8Array([1]);
  for (let i = 0; i < degree; i++) {
    const next = new Uint8Array(poly.length + 1);
    for (let j = 0; j < poly.length; j++) {
      next[j] = at(next, j) ^ at(poly, j);
      next[j + 1] = at(next, j + 1) ^ gfMul(at(poly, j), at(EXP, i));
    }
    poly = next;
  }
  const words = Math.ceil(degree / 4);
  const products = new Int32Array(256 * words);
  for (let f = 1; f < 256; f++) {
    for (let j = 0; j < degree; j++) {
      const k = f * words + (j >>> 2);
      products[k] = at(products, k) | (gfMul(at(poly, j + 1), f) << ((j & 3) * 8));
    }
  }
  const generator = { words, products };
  generators.set(degree, generator);
  return generator;
}

function gfMul(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : at(EXP, at(LOG, a) + at(LOG, b));
}

// Remainder of data[start..end)·x^degree divided by the generator, left in `rem` in the packed
// form: the usual shift register, moved one coefficient per data codeword, but four coefficients
// to a word, so that each step is a few word shifts and XORs with a precomputed row instead of a
// multiplication per coefficient.
function rsRemainder(
  data: Uint8Array,
  start: number,
  end: number,
  generator: Generator,
  rem: Int32Array,
): void {
  const { words, products } = generator;
  const last = words - 1;
  rem.fill(0);
  for (let i = start; i < end; i++) {
    const row = (((data[i] as number) ^ (rem[0] as number)) & 0xff) * words;
    // Drop the leading coefficient (byte 0 of word 0) by moving every byte down one place.
    for (let k = 0; k < last; k++) {
      rem[k] =
        (((rem[k] as number) >>> 8) | ((rem[k + 1] as number) << 24)) ^
        (products[row + k] as number);
    }
    rem[last] = ((rem[last] as number) >>> 8) ^ (products[row + last] as number);
  }
}

// Reads from tables at indices the code has already bounded; noUncheckedIndexedAccess cannot see
// that. The hot loops cast inline instead, so each read site keeps its own type feedback.
function at(values: ArrayLike<number>, index: number): number {
  return values[index] as number;
}
