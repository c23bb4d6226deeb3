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
  for (let b = 0, offset = 0; b < blocks; b++) {
    const len = b < shortBlocks ? shortData : shortData + 1;
    const block = data.subarray(offset, offset + len);
    for (let i = 0; i < shortData; i++) out[i * blocks + b] = block[i] as number;
    if (len > shortData) out[shortData * blocks + b - shortBlocks] = block[shortData] as number;
    const ec = rsRemainder(block, generator);
    for (let i = 0; i < ecLen; i++) out[data.length + i * blocks + b] = ec[i] as number;
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

// Generator polynomials, as logs of their coefficients below the leading 1, built on first use.
const generators = new Map<number, Uint8Array>();
function rsGenerator(degree: number): Uint8Array {
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
  // Storing logs needs every coefficient to be non-zero, which holds for all QR generators.
  if (poly.includes(0)) throw new Error(`generator of degree ${degree} has a zero coefficient`);
  const logs = poly.subarray(1).map((c) => at(LOG, c));
  generators.set(degree, logs);
  return logs;
}

function gfMul(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : at(EXP, at(LOG, a) + at(LOG, b));
}

// Remainder of block(x)·x^degree divided by the generator: the usual shift-register division.
function rsRemainder(block: Uint8Array, generatorLogs: Uint8Array): Uint8Array {
  const degree = generatorLogs.length;
  const rem = new Uint8Array(degree);
  for (let i = 0; i < block.length; i++) {
    const factor = (block[i] as number) ^ (rem[0] as number);
    // Shift the register by one codeword while adding factor * generator.
    if (factor === 0) {
      for (let j = 0; j < degree - 1; j++) rem[j] = rem[j + 1] as number;
      rem[degree - 1] = 0;
      continue;
    }
    const f = LOG[factor] as number;
    for (let j = 0; j < degree - 1; j++) {
      rem[j] = (rem[j + 1] as number) ^ (EXP[(generatorLogs[j] as number) + f] as number);
    }
    rem[degree - 1] = EXP[(generatorLogs[degree - 1] as number) + f] as number;
  }
  return rem;
}

// Reads from tables at indices the code has already bounded; noUncheckedIndexedAccess cannot see
// that. The hot loops cast inline instead, so each read site keeps its own type feedback.
function at(values: ArrayLike<number>, index: number): number {
  return values[index] as number;
}
