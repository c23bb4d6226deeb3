import { encodeData, type Segment } from "./qr-encode.ts";
import { packLines, penalty } from "./qr-penalty.ts";

// Lays the codewords into the module grid and picks the data mask. Everything that depends only on
// the version (function patterns, the zig-zag placement order, the eight mask-plus-format
// overlays) is built once per version and cached, so a call does one placement pass, eight cheap
// bit-packed scorings (qr-penalty.ts) and one final XOR. The scoring replicates the `qrcode`
// package's penalty rules, including its tie-break (lowest mask number wins), so both produce
// identical symbols.

export interface QrMatrix {
  version: number;
  /** Modules per side: 4 * version + 17. */
  size: number;
  mask: number;
  /** size * size modules, row-major, 1 = dark. */
  modules: Uint8Array;
  /** How the text's UTF-8 bytes were split into modes. */
  segments: Segment[];
}

export function encodeQrMatrix(text: string): QrMatrix {
  if (text.length === 0) throw new RangeError("cannot encode an empty text as a QR code");
  const { version, codewords, segments } = encodeData(Buffer.from(text, "utf8"));
  const t = template(version);
  const unmasked = t.base.slice();
  // Written without a branch on the bit, which would mispredict about half the time. Data
  // modules past the codewords (0-7 remainder bits) stay light, as the standard requires.
  const bits = codewords.length * 8;
  for (let i = 0; i < bits; i++) {
    unmasked[t.order[i] as number] = ((codewords[i >>> 3] as number) >>> (7 - (i & 7))) & 1;
  }
  // Score each mask on the bit-packed form; only the winner is materialised as bytes.
  const packed = packLines(unmasked, t.size);
  const work = new Int32Array(packed.length);
  let bestMask = 0;
  let bestPenalty = Infinity;
  for (let mask = 0; mask < 8; mask++) {
    const overlay = t.packedOverlays[mask] as Int32Array;
    for (let i = 0; i < work.length; i++) work[i] = (packed[i] as number) ^ (overlay[i] as number);
    const score = penalty(work, t.size);
    if (score < bestPenalty) {
      bestPenalty = score;
      bestMask = mask;
    }
  }
  const overlay = t.overlays[bestMask] as Uint8Array;
  for (let i = 0; i < unmasked.length; i++)
    unmasked[i] = (unmasked[i] as number) ^ (overlay[i] as number);
  return { version, size: t.size, mask: bestMask, modules: unmasked, segments };
}

interface Template {
  size: number;
  /** Function patterns drawn, data area and format-info area light. */
  base: Uint8Array;
  /** Module indices in codeword-bit placement order. */
  order: Uint16Array;
  /**
   * For each mask, what to XOR onto the unmasked symbol: the mask on data modules plus that
   * mask's format information (the format area is light in `base`).
   */
  overlays: Uint8Array[];
  /** The same overlays in the bit-packed line form the penalty is computed on. */
  packedOverlays: Int32Array[];
}

// At most one entry per version; real inputs only ever touch a handful (BR Codes land at 6-10).
const templates = new Map<number, Template>();
function template(version: number): Template {
  let t = templates.get(version);
  if (!t) {
    t = buildTemplate(version);
    templates.set(version, t);
  }
  return t;
}

// BCH-protected format word for level M (whose 2-bit indicator is 00) and the given mask.
function formatBits(mask: number): number {
  return ((mask << 10) | bchRemainder(mask << 10, 0x537)) ^ 0x5412;
}

function bchRemainder(value: number, generator: number): number {
  const degree = 31 - Math.clz32(generator);
  let d = value;
  while (d !== 0 && 31 - Math.clz32(d) >= degree) d ^= generator << (31 - Math.clz32(d) - degree);
  return d;
}

const MASKS: ((row: number, col: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

function buildTemplate(version: number): Template {
  const size = version * 4 + 17;
  const base = new Uint8Array(size * size);
  const reserved = new Uint8Array(size * size);
  const set = (row: number, col: number, dark: boolean): void => {
    base[row * size + col] = dark ? 1 : 0;
    reserved[row * size + col] = 1;
  };
  // Finder patterns with their light separators, clipped at the symbol edge.
  for (const [row, col] of [
    [0, 0],
    [size - 7, 0],
    [0, size - 7],
  ] as const) {
    for (let r = -1; r <= 7; r++) {
      for (let c = -1; c <= 7; c++) {
        if (row + r < 0 || row + r >= size || col + c < 0 || col + c >= size) continue;
        const ring =
          (r >= 0 && r <= 6 && (c === 0 || c === 6)) || (c >= 0 && c <= 6 && (r === 0 || r === 6));
        set(row + r, col + c, ring || (r >= 2 && r <= 4 && c >= 2 && c <= 4));
      }
    }
  }
  for (let i = 8; i < size - 8; i++) {
    set(i, 6, i % 2 === 0);
    set(6, i, i % 2 === 0);
  }
  const centres = alignmentCoords(version, size);
  for (const row of centres) {
    for (const col of centres) {
      // The three corners already hold finder patterns.
      if (
        (row === 6 && col === 6) ||
        (row === 6 && col === size - 7) ||
        (row === size - 7 && col === 6)
      )
        continue;
      for (let r = -2; r <= 2; r++) {
        for (let c = -2; c <= 2; c++)
          set(row + r, col + c, Math.max(Math.abs(r), Math.abs(c)) !== 1);
      }
    }
  }
  const format = new Uint16Array(30);
  for (let i = 0; i < 15; i++) {
    const vRow = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i;
    const hCol = i < 8 ? size - i - 1 : i < 9 ? 7 : 15 - i - 1;
    format[i] = vRow * size + 8;
    format[i + 15] = 8 * size + hCol;
  }
  for (const index of format) reserved[index] = 1;
  set(size - 8, 8, true);
  if (version >= 7) {
    const bits = (version << 12) | bchRemainder(version << 12, 0x1f25);
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      set(Math.floor(i / 3), (i % 3) + size - 11, dark);
      set((i % 3) + size - 11, Math.floor(i / 3), dark);
    }
  }
  // Two-column zig-zag from the bottom-right corner, skipping the vertical timing column.
  const order: number[] = [];
  for (let col = size - 1, up = true; col > 0; col -= 2, up = !up) {
    if (col === 6) col--;
    for (let k = 0; k < size; k++) {
      const row = up ? size - 1 - k : k;
      for (const c of [col, col - 1]) if (!reserved[row * size + c]) order.push(row * size + c);
    }
  }
  const overlays = MASKS.map((flip, mask) => {
    const grid = new Uint8Array(size * size);
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++)
        if (!reserved[r * size + c] && flip(r, c)) grid[r * size + c] = 1;
    }
    const bits = formatBits(mask);
    for (let i = 0; i < 15; i++) {
      grid[format[i] as number] = (bits >>> i) & 1;
      grid[format[i + 15] as number] = (bits >>> i) & 1;
    }
    return grid;
  });
  const packedOverlays = overlays.map((grid) => packLines(grid, size));
  return { size, base, order: Uint16Array.from(order), overlays, packedOverlays };
}

// Row/column centres of the alignment patterns, computed the way `qrcode` does (version 32, the
// one irregular spacing, is special-cased there and here).
function alignmentCoords(version: number, size: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = size === 145 ? 26 : Math.ceil((size - 13) / (2 * count - 2)) * 2;
  const coords = [6];
  for (let i = count - 2; i >= 0; i--) coords.push(size - 7 - i * step);
  return coords;
}
