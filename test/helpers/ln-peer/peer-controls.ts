import type { IncomingMessage } from "node:http";
import type { InvoiceBook } from "./invoice-book.ts";

export type DownMode = "hang" | "refuse" | false;

/**
 * The test's controls both node peers share: settle or expire an invoice of the book, cut every
 * open invoice stream (`streams`, the peer's sockets or websockets, as a restart or a network
 * cut would), and go down. `setDown` is the peer's own switch: "hang", requests are never
 * answered; "refuse", connections are cut at once; going down cuts the streams too.
 */
export function peerControls(
  book: InvoiceBook,
  streams: Set<{ destroy(): void }>,
  setDown: (mode: DownMode) => void,
) {
  const dropStreams = () => {
    for (const s of streams) s.destroy();
    streams.clear();
  };
  return {
    settle: (hash: string, paidMsat?: number) => book.settle(hash, paidMsat),
    expire: (hash: string) => book.expire(hash),
    dropStreams,
    down(mode: DownMode) {
      setDown(mode);
      if (mode) dropStreams();
    },
  };
}

/** A request's body as text (the node APIs the peers serve take form and JSON bodies). */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let s = "";
    req.setEncoding("utf8");
    req.on("data", (c) => {
      s += c;
    });
    req.on("end", () => resolve(s));
    req.on("error", reject);
  });
}
