export { type BothNodes, type NodeBackend, nodeBackends, startBothNodes } from "./both-nodes.ts";
export { type InvoiceBook, makeInvoiceBook, type PeerInvoice } from "./invoice-book.ts";
export { type LndPeer, startLndPeer } from "./lnd-peer.ts";
export { type PhoenixdPeer, startPhoenixdPeer } from "./phoenixd-peer.ts";
