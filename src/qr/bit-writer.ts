// The bit packing deflate uses: fields go out least significant bit first, filling each byte from
// its low end.

/**
 * Packs bit fields least significant bit first, as deflate does, two bytes at a time. Under 16
 * bits wait between calls, so a call may add up to 16.
 */
export class BitWriter {
  // Public so that a hot loop can take them into locals and hand them back.
  /** Bits not yet stored, in the low `pending` bits. */
  acc = 0;
  pending = 0;

  constructor(
    private readonly out: Uint8Array,
    public pos: number,
  ) {}

  put(bits: number, count: number): void {
    this.acc |= bits << this.pending;
    this.pending += count;
    if (this.pending >= 16) {
      // Typed-array stores keep the low 8 bits, so no masking is needed.
      this.out[this.pos++] = this.acc;
      this.out[this.pos++] = this.acc >>> 8;
      this.acc >>>= 16;
      this.pending -= 16;
    }
  }

  /** Flushes the last partial bytes and returns the offset after them. */
  finish(): number {
    for (; this.pending > 0; this.pending -= 8) {
      this.out[this.pos++] = this.acc;
      this.acc >>>= 8;
    }
    return this.pos;
  }
}
