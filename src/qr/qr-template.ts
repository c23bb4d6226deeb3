import { packLines, wordsPerLine } from "./qr-penalty.ts";

// Everything about a QR symbol at level M that depends only on its version: the function patterns,
// where each codeword bit goes, and the eight mask overlays with their format information.

export interface Template {
  size: number;
  /** The function patterns, data and format areas light, bit-packed as the penalty reads it. */
  packedBase: Int32Array;
  /**
   * Where each codeword bit, in placement order, lands in the packed rows: word index * 32 + bit
   * position.
   */
  rowBit: Int32Array;
  /**
   * For each mask, what to XOR onto the unmasked symbol, packed: the mask on data modules plus
   * that mask's format information (the format area is light in `packedBase`).
   */
  packedOverlays: Int32Array[];
}

// At most one entry per version; real inputs only ever touch a handful (BR Codes land at 6-10).
const templates = new Map<number, Template>();
export function template(version: number): Template {
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
  const words = wordsPerLine(size);
  const rowBit: number[] = [];
  for (let col = size - 1, up = true; col > 0; col -= 2, up = !up) {
    if (col === 6) col--;
    for (let k = 0; k < size; k++) {
      const row = up ? size - 1 - k : k;
      for (const c of [col, col - 1]) {
        if (reserved[row * size + c]) continue;
        rowBit.push((row * words + (c >>> 5)) * 32 + (c & 31));
      }
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
  return {
    size,
    packedBase: packLines(base, size),
    rowBit: Int32Array.from(rowBit),
    packedOverlays: overlays.map((grid) => packLines(grid, size)),
  };
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
