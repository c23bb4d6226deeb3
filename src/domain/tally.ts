import type { Mode } from "../kernel/mode.ts";

/**
 * What the domain reports as it happens, for the service's metrics (src/metrics/metrics.ts
 * implements it). Optional in every domain dependency type: a test that builds its own
 * dependencies counts nothing.
 */
export type Tally = {
  /** A charge was stored (counted after its write returned). */
  chargeCreated(kind: "pix" | "crypto", mode: Mode): void;
  /** A charge moved to approved (counted after the move committed). */
  chargePaid(kind: "pix" | "crypto", mode: Mode): void;
  /** A PSP notification failed with a 5xx (the database, a bug): the PSP will send it again. */
  pspNotificationFailed(): void;
};
