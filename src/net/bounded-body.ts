// Reading what an outside server sends, within limits. A Lightning node's URL and a PSP's are
// chosen by a merchant (a test key can save a node), so an answer may be anything: gigabytes of
// JSON, or a stream of bytes that never ends a line. Read whole, the first filled the process's
// memory; split with a search over everything buffered so far, the second held the event loop
// for seconds (each new chunk searched the whole unfinished line again). Here an answer is read
// only up to a size, and a stream is cut into lines by looking at each byte once.

/** Thrown when an answer or one line of a stream is larger than its limit; the read stops there. */
export class TooLargeError extends Error {
  readonly code = "ERR_ANSWER_TOO_LARGE";
  constructor(readonly limitBytes: number) {
    super(`larger than ${describeBytes(limitBytes)}`);
    this.name = "TooLargeError";
  }
}

/** "1 MiB", "64 KiB", "512 bytes": a limit as people read it. */
export function describeBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

/**
 * The whole body as text, when it is at most `maxBytes`. A declared Content-Length over the
 * limit is refused before any byte is read; otherwise reading stops at the first chunk past
 * it. Either way the stream is left unfinished, so the caller's client drops the connection
 * instead of downloading the rest. Bytes are joined before decoding, so a character cut between
 * two chunks is read whole.
 */
export async function readBoundedText(
  body: AsyncIterable<Uint8Array>,
  maxBytes: number,
  declaredLength?: string | string[] | undefined,
): Promise<string> {
  const declared = Number(Array.isArray(declaredLength) ? declaredLength[0] : declaredLength);
  if (Number.isFinite(declared) && declared > maxBytes) throw new TooLargeError(maxBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    // Leaving the loop destroys the stream (and its socket).
    if (size > maxBytes) throw new TooLargeError(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

const NEWLINE = 0x0a;

/**
 * Splits a byte stream into lines (newline-delimited JSON), each trimmed, empty ones skipped.
 * Each chunk is searched once, from its own start: the part of a line not yet ended is kept as
 * a list of chunks, never searched again. A line longer than `maxLineBytes` throws TooLargeError
 * as soon as it is seen, so the caller drops the stream rather than buffering it.
 */
export async function* boundedLines(
  body: AsyncIterable<Uint8Array | string>,
  maxLineBytes: number,
): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const raw of body) {
    const chunk =
      typeof raw === "string"
        ? Buffer.from(raw)
        : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    let start = 0;
    for (let i = chunk.indexOf(NEWLINE); i >= 0; i = chunk.indexOf(NEWLINE, start)) {
      if (pendingBytes + (i - start) > maxLineBytes) throw new TooLargeError(maxLineBytes);
      pending.push(chunk.subarray(start, i));
      const line = Buffer.concat(pending, pendingBytes + (i - start))
        .toString("utf8")
        .trim();
      pending = [];
      pendingBytes = 0;
      start = i + 1;
      if (line) yield line;
    }
    if (start < chunk.length) {
      pendingBytes += chunk.length - start;
      if (pendingBytes > maxLineBytes) throw new TooLargeError(maxLineBytes);
      pending.push(chunk.subarray(start));
    }
  }
  const last = Buffer.concat(pending, pendingBytes).toString("utf8").trim();
  if (last) yield last;
}
