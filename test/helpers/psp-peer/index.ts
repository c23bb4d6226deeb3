export { type CobVValor, peerAmountDue } from "./cobv-amount.ts";
export type { PeerCobV, PeerLote } from "./cobv-state.ts";
export { bacenValidator } from "./openapi-validator.ts";
export {
  type PeerFailure,
  type PeerRequest,
  type PspPeer,
  type StartPspPeerOptions,
  startPspPeer,
  type Violation,
} from "./peer.ts";
export { PEER_PROFILES } from "./peer-profiles.ts";
export type { PeerCob, PeerDevolucao, PeerPix, RefundOutcome } from "./pix-state.ts";
export { makeTestPki, type TestPki } from "./pki.ts";
export type { PeerCobr, PeerRec, PeerTentativa } from "./rec-state.ts";
