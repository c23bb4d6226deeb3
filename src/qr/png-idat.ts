import { adler32, ZlibWriter } from "./deflate.ts";

// The compressed IDAT payload of an image made of runs of identical pixel rows, as a scaled-up QR
// code is: each module row becomes `scale` equal pixel rows. The first row of a run is written with
// PNG filter None and its repeats with filter Up, which turns them into a filter byte and zeros.
// Because the repeats are known here, they are never materialised: each run after the first is a
// single deflate copy of the previous run's repeats, and a run equal to the previous run is a copy
// of all of it. Only the distinct rows are looked at byte by byte, for the checksum and literals.

const FILTER_NONE = 0;
const FILTER_UP = 2;
const MAX_DISTANCE = 32768;
const ADLER_MOD = 65521;
// Shortest stretches worth a copy rather than literals, for copies from the row above and runs
// of one value. With these images' skewed literal codes a literal costs 2-4 bits and a copy 8-12;
// the values measured smallest on BR Codes.
const MIN_COPY = 3;
const MIN_RUN = 6;

let writer: ZlibWriter | undefined;

/**
 * The zlib stream of the PNG scanlines for `rows` (whole rows of `rowBytes` bytes each), every row
 * shown `repeat` times. Inflating it gives, per row: 0, the row's bytes, then `repeat - 1` times
 * 2 followed by `rowBytes` zeros.
 */
export function deflateRepeatedRows(rows: Uint8Array, rowBytes: number, repeat: number): Buffer {
  if (!Number.isInteger(rowBytes) || rowBytes < 1 || rows.length % rowBytes !== 0) {
    throw new RangeError(`rows must be whole rows of a positive rowBytes, got ${rowBytes}`);
  }
  if (!Number.isInteger(repeat) || repeat < 1) {
    throw new RangeError(`repeat must be a positive integer, got ${repeat}`);
  }
  writer ??= new ZlibWriter();
  const w = writer;
  w.reset(rows);
  const stride = rowBytes + 1;
  const run = repeat * stride;
  // Each run's repeats equal the previous run's, which copies can reach if the window allows.
  const reachBack = run <= MAX_DISTANCE && run >= 3;
  const repeatBytes = (repeat - 1) * stride;
  let adler = 1;
  for (let start = 0; start < rows.length; start += rowBytes) {
    adler = adlerRun(rows, start, rowBytes, repeat, adler);
    const above = reachBack && start > 0 ? run : 0;
    rowTokens(w, rows, start, rowBytes, above);
    if (repeat === 1) continue;
    if (above > 0 && repeatBytes >= 3) {
      w.copy(repeatBytes, run);
    } else {
      upRows(w, rowBytes, repeat - 1);
    }
  }
  return w.finish(adler);
}

// Adler-32 over one run: the filter byte 0 (which adds only to the second sum), the row, then
// `repeat - 1` Up rows in closed form: the i-th of k raises the first sum to a + 2i and adds that
// once per byte of the row, so together they add stride * (k*a + k*(k+1)) to the second sum.
function adlerRun(
  rows: Uint8Array,
  start: number,
  rowBytes: number,
  repeat: number,
  adler: number,
): number {
  let a = adler & 0xffff;
  let b = ((adler >>> 16) + a) % ADLER_MOD;
  const after = adler32(rows, (b << 16) | a, start, start + rowBytes);
  a = after & 0xffff;
  b = after >>> 16;
  const k = repeat - 1;
  const stride = (rowBytes + 1) % ADLER_MOD;
  b = (b + stride * ((k * a + ((k * (k + 1)) % ADLER_MOD)) % ADLER_MOD)) % ADLER_MOD;
  a = (a + 2 * k) % ADLER_MOD;
  return ((b << 16) | a) >>> 0;
}

// The filter byte and the row, greedily as literals, copies from the row above (`above` is the
// distance to it, 0 when out of reach or absent) and runs of one value (copies from distance 1),
// whichever covers more. Rows of a QR code often repeat the one above in long stretches: the
// quiet zone, finder patterns, now and then a whole module row.
function rowTokens(
  w: ZlibWriter,
  rows: Uint8Array,
  start: number,
  rowBytes: number,
  above: number,
): void {
  const end = start + rowBytes;
  let i = start;
  // The filter byte, None, equals the one above, so a copy from above can start with it.
  const first = above > 0 ? 1 + sameAsAbove(rows, i, end, rowBytes) : 0;
  if (first >= MIN_COPY) {
    w.copy(first, above);
    i += first - 1;
  } else {
    w.literal(FILTER_NONE);
  }
  let literalStart = i;
  // Without a row above, nothing is copied from it: `up` then compares bytes with themselves and
  // `noAbove` masks the result.
  const up = above > 0 ? rowBytes : 0;
  const noAbove = above > 0 ? 0 : 1;
  while (i < end) {
    // Module colours are random, so most positions start no copy, and a branch per byte compared
    // would mispredict often. Either kind of copy starting at i or i + 1 needs bytes i + 1 and
    // i + 2 to equal the ones above or each other, so one branch-free test usually rules out two
    // positions at once.
    if (i + 2 < end) {
      const b1 = rows[i + 1] as number;
      const b2 = rows[i + 2] as number;
      const differs =
        noAbove | (b1 ^ (rows[i + 1 - up] as number)) | (b2 ^ (rows[i + 2 - up] as number));
      if ((((differs - 1) >>> 31) | (((b1 ^ b2) - 1) >>> 31)) === 0) {
        i += 2;
        continue;
      }
    }
    const vertical = above > 0 ? sameAsAbove(rows, i, end, rowBytes) : 0;
    let run = 0;
    if (i > start && i + MIN_RUN <= end) {
      const value = rows[i - 1] as number;
      if ((((rows[i] as number) ^ value) | ((rows[i + MIN_RUN - 1] as number) ^ value)) === 0) {
        while (i + run < end && rows[i + run] === value) run++;
      }
    }
    if (vertical >= MIN_COPY && vertical >= run) {
      w.literals(literalStart, i);
      w.copy(vertical, above);
      i += vertical;
      literalStart = i;
    } else if (run >= MIN_RUN) {
      w.literals(literalStart, i);
      w.copy(run, 1);
      i += run;
      literalStart = i;
    } else {
      i++;
    }
  }
  w.literals(literalStart, end);
}

// How many bytes from `i` on (up to `end`) equal the bytes one row up.
function sameAsAbove(rows: Uint8Array, i: number, end: number, rowBytes: number): number {
  let n = 0;
  while (i + n < end && rows[i + n] === rows[i + n - rowBytes]) n++;
  return n;
}

// `count` Up rows with nothing earlier to copy from: the first spelled out, the rest one copy of
// the row before, when the window reaches that far.
function upRows(w: ZlibWriter, rowBytes: number, count: number): void {
  const stride = rowBytes + 1;
  for (let done = 0; done < count; ) {
    if (done > 0 && stride <= MAX_DISTANCE && (count - done) * stride >= 3) {
      w.copy((count - done) * stride, stride);
      return;
    }
    w.literal(FILTER_UP);
    w.literal(0);
    if (rowBytes - 1 >= 3) w.copy(rowBytes - 1, 1);
    else for (let i = 1; i < rowBytes; i++) w.literal(0);
    done++;
  }
}
