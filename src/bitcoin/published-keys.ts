// Extended keys whose private keys anyone can look up: the BIP32 test vectors and the accounts
// of the "abandon … about" mnemonic that BIP49, BIP84 and BIP86 (and countless tutorials, our
// own docs once among them) use as their example. Money sent to an address of one of these is
// taken by whoever sweeps it first, so live mode refuses them. The sandbox takes them: test coins
// are worthless, and a known key is handy there.
//
// A key is matched by its public key alone, not its whole xpub: the chain code and the depth,
// index and parent bytes can be changed without changing whose private key spends from it (the
// child private keys follow from the parent's private key and the chain code given with it).
// published-keys.test.ts derives every entry again from the published seeds and mnemonic.
import { HDKey } from "@scure/bip32";
import { MAINNET_VERSIONS, TESTNET_VERSIONS } from "./extended-key.ts";

const ABANDON = 'the "abandon … about" test mnemonic';

/** [where it is published, compressed public key in hex]. */
export const PUBLISHED_KEYS: ReadonlyArray<readonly [source: string, publicKey: string]> = [
  // BIP32 test vector 1 (seed 000102…0f): every node of its chain.
  ["BIP32 test vector 1, m", "0339a36013301597daef41fbe593a02cc513d0b55527ec2df1050e2e8ff49c85c2"],
  [
    "BIP32 test vector 1, m/0'",
    "035a784662a4a20a65bf6aab9ae98a6c068a81c52e4b032c0fb5400c706cfccc56",
  ],
  [
    "BIP32 test vector 1, m/0'/1",
    "03501e454bf00751f24b1b489aa925215d66af2234e3891c3b21a52bedb3cd711c",
  ],
  [
    "BIP32 test vector 1, m/0'/1/2'",
    "0357bfe1e341d01c69fe5654309956cbea516822fba8a601743a012a7896ee8dc2",
  ],
  [
    "BIP32 test vector 1, m/0'/1/2'/2",
    "02e8445082a72f29b75ca48748a914df60622a609cacfce8ed0e35804560741d29",
  ],
  [
    "BIP32 test vector 1, m/0'/1/2'/2/1000000000",
    "022a471424da5e657499d1ff51cb43c47481a03b1e77f951fe64cec9f5a48f7011",
  ],
  // BIP32 test vector 2 (seed fffcf9…4542).
  ["BIP32 test vector 2, m", "03cbcaa9c98c877a26977d00825c956a238e8dddfbd322cce4f74b0b5bd6ace4a7"],
  [
    "BIP32 test vector 2, m/0",
    "02fc9e5af0ac8d9b3cecfe2a888e2117ba3d089d8585886c9c826b6b22a98d12ea",
  ],
  [
    "BIP32 test vector 2, m/0/2147483647'",
    "03c01e7425647bdefa82b12d9bad5e3e6865bee0502694b94ca58b666abc0a5c3b",
  ],
  [
    "BIP32 test vector 2, m/0/2147483647'/1",
    "03a7d1d856deb74c508e05031f9895dab54626251b3806e16b4bd12e781a7df5b9",
  ],
  [
    "BIP32 test vector 2, m/0/2147483647'/1/2147483646'",
    "02d2b36900396c9282fa14628566582f206a5dd0bcc8d5e892611806cafb0301f0",
  ],
  [
    "BIP32 test vector 2, m/0/2147483647'/1/2147483646'/2",
    "024d902e1a2fc7a8755ab5b694c575fce742c48d9ff192e63df5193e4c7afe1f9c",
  ],
  // BIP32 test vector 3 (seed 4b3815…35be: a leading zero in the private key).
  ["BIP32 test vector 3, m", "03683af1ba5743bdfc798cf814efeeab2735ec52d95eced528e692b8e34c4e5669"],
  [
    "BIP32 test vector 3, m/0'",
    "026557fdda1d5d43d79611f784780471f086d58e8126b8c40acb82272a7712e7f2",
  ],
  // BIP32 test vector 4 (seed 3ddd56…b678: leading zeros in a child). Vector 5 lists only
  // invalid keys, which decodeAccountKey refuses already.
  ["BIP32 test vector 4, m", "026f6fedc9240f61daa9c7144b682a430a3a1366576f840bf2d070101fcbc9a02d"],
  [
    "BIP32 test vector 4, m/0'",
    "039382d2b6003446792d2917f7ac4b3edf079a1a94dd4eb010dc25109dda680a9d",
  ],
  [
    "BIP32 test vector 4, m/0'/1'",
    "032edaf9e591ee27f3c69c36221e3c54c38088ef34e93fbb9bb2d4d9b92364cbbd",
  ],
  // The "abandon … about" mnemonic (empty passphrase): its master and accounts 0-4 of BIP44,
  // BIP49, BIP84 and BIP86 on mainnet (coin 0') and the test networks (coin 1'). BIP84's vector
  // is m/84'/0'/0' (zpub6rFR7y…), BIP49's m/49'/1'/0' (upub5EFU65…), BIP86's m/86'/0'/0'
  // (xpub6BgBgs…).
  [`${ABANDON}, m`, "03d902f35f560e0470c63313c7369168d9d7df2d49bf295fd9fb7cb109ccee0494"],
  [`${ABANDON}, m/44'/0'/0'`, "03774c910fcf07fa96886ea794f0d5caed9afe30b44b83f7e213bb92930e7df4bd"],
  [`${ABANDON}, m/44'/0'/1'`, "025d0261853d4c3a379160fb51d2f262ac64e65219139982c4e2180bcef1a233d9"],
  [`${ABANDON}, m/44'/0'/2'`, "03e536dadd33035bfb5441297576079f6a1e8e028b1f6f32de2e06eedbc1eb846b"],
  [`${ABANDON}, m/44'/0'/3'`, "029893004f0f57162be0f4e15fd76c6e6ec0cb6bb62ed5e0ef69612645c4036737"],
  [`${ABANDON}, m/44'/0'/4'`, "023de9a0fea0d6a43c5cb04003fa0622f341e750798c65355726e4e07eef226333"],
  [`${ABANDON}, m/44'/1'/0'`, "028b42cd4776376c82791b494155151f56c2d7b471e0c7a526a7ce60dd872e3867"],
  [`${ABANDON}, m/44'/1'/1'`, "02e33ff6cf05a02b7e86a0c642467a81eca94378e8ecb894a86aa61cd4bb6cfcae"],
  [`${ABANDON}, m/44'/1'/2'`, "0252e67f111042d87d38811fa0ff613de12228ebdd0570654b949954b2d0586002"],
  [`${ABANDON}, m/44'/1'/3'`, "03c5de7ad0f395ef7abb47876dbb2abbaa261e83d1cb6b0d7cf630d1cf3b7efce4"],
  [`${ABANDON}, m/44'/1'/4'`, "028f42c388bc75de927f07b777b9e7e30a3c4514e3bfd4ac4e694af8020e8cc2f8"],
  [`${ABANDON}, m/49'/0'/0'`, "02f1f347891b20f7568eae3ec9869fbfb67bcab6f358326f10ecc42356bd55939d"],
  [`${ABANDON}, m/49'/0'/1'`, "034a2e9ff674dea98822cfb4e3b11f22863b8e7a7faa3bda3731fe465feedcf539"],
  [`${ABANDON}, m/49'/0'/2'`, "02c1e2b014b089c62aa87021e35e75cc0219fcffb4f0a9528a69a1a8893c9766ec"],
  [`${ABANDON}, m/49'/0'/3'`, "036c540bf5a37b3354e4c8504602638789fecb3286ab9e60b15e7b471d0bb01314"],
  [`${ABANDON}, m/49'/0'/4'`, "030646fff5facf27903bcf1e52e85aec9b00d5671401eaae1fcbaabe5f50d0a522"],
  [`${ABANDON}, m/49'/1'/0'`, "0262c1521f5fd87bbb4055f9f6e866d3eaebd179d5bfb9adac3aec682f12948a67"],
  [`${ABANDON}, m/49'/1'/1'`, "036e2d138185b32635084ae199a632ae7c28386d0572e01c9b60dad4b0d12956c8"],
  [`${ABANDON}, m/49'/1'/2'`, "03ec53180f71f39dc67c02549ea9dd60dfc6c8934b1044fceb2321e6fb13b96568"],
  [`${ABANDON}, m/49'/1'/3'`, "0261a6431e9b4b5315d7c0dc79a129946e6aa4d2edc4b3cd4d77d91df0bbe8bc00"],
  [`${ABANDON}, m/49'/1'/4'`, "03437257021c9e2dcffc4aa7e471750aabce90a796850e96a30a25d1439af8445c"],
  [`${ABANDON}, m/84'/0'/0'`, "02707a62fdacc26ea9b63b1c197906f56ee0180d0bcf1966e1a2da34f5f3a09a9b"],
  [`${ABANDON}, m/84'/0'/1'`, "027570d308cd8e665dccd70342e81959c6a466a631e987b940569d5670e35f39cd"],
  [`${ABANDON}, m/84'/0'/2'`, "020c46a9fe29f9dc5e68ad2d89c9bae6a5a4ab09e27a05c1ea877504bdd27e236e"],
  [`${ABANDON}, m/84'/0'/3'`, "02f6ed90fe09a3c2effb8b19b9c65dea73e41264f5e402413792449ea6978524e1"],
  [`${ABANDON}, m/84'/0'/4'`, "020e4aefaf5e190aea8add342c4b0cb6c0be4959cf0fc5e5a5a8c75190022361b3"],
  [`${ABANDON}, m/84'/1'/0'`, "03b88e0fbe3f646337ed93bc0c0f3b843fcf7d2589e5ec884754e6402027a890b4"],
  [`${ABANDON}, m/84'/1'/1'`, "03ad1e393861a74d4cbf8e5ffb86fa0d91ae674b684aa031bd21a4437259f1d69d"],
  [`${ABANDON}, m/84'/1'/2'`, "02e5cc788976214fed63615b78d66dcc212773817e052b5d52f4a1ef8e7f505c5b"],
  [`${ABANDON}, m/84'/1'/3'`, "03997631b77947167e6fce1db0a74981158b305a0675981850174c681e210089f7"],
  [`${ABANDON}, m/84'/1'/4'`, "02da049bf51ddfeb4d3138985f2215f07ac48e5984e1bde825e556870ccc2e3b0d"],
  [`${ABANDON}, m/86'/0'/0'`, "03418278a2885c8bb98148158d1474634097a179c642f23cf1cc04da629ac6f0fb"],
  [`${ABANDON}, m/86'/0'/1'`, "020d9db69f5577862ac7ff50a92e61c0905b16cfa26668ad14de8cf8c3945e2d73"],
  [`${ABANDON}, m/86'/0'/2'`, "02171ca724e8eea6cc62e3dab69ebd22376b94c7d4f73cf2ace2fd6e25c34dc912"],
  [`${ABANDON}, m/86'/0'/3'`, "02bb79c0b62279d19c605e625cde5f9de029792173f73092ec2fb52d648e814329"],
  [`${ABANDON}, m/86'/0'/4'`, "0283ebb97b170e29afac7f526cb9bc50723ff9bdd56330e54ccb6ab63037249eef"],
  [`${ABANDON}, m/86'/1'/0'`, "02cfbd7100311e0e85844c3738728314394eb8302a6b5070d692e41b14ba818090"],
  [`${ABANDON}, m/86'/1'/1'`, "03813f051296c8383dd34ce60f0c14fc3ecc30745c077f3f18ca4596019d476bac"],
  [`${ABANDON}, m/86'/1'/2'`, "024a44105bdfc730bc959b7f0bd491d00a913bd9ecdd7651fd28c82b0ddc84b703"],
  [`${ABANDON}, m/86'/1'/3'`, "02d24f0196940e6cf26befbe805a1863c8ab67b82c8efa38a83c3fbf1132399406"],
  [`${ABANDON}, m/86'/1'/4'`, "02ef6c49add3fb31441a3d96dddcb81018e1491f15d59134158f2ef20606e870f8"],
];

const BY_PUBLIC_KEY = new Map(PUBLISHED_KEYS.map(([source, key]) => [key, source]));

/**
 * Where the private key of an account key (xpub or tpub, as WatchOnlyWallet keeps it) is
 * published, or undefined for a key of the merchant's own.
 */
export function publishedKeySource(xpub: string): string | undefined {
  const versions = xpub.startsWith("tpub") ? TESTNET_VERSIONS : MAINNET_VERSIONS;
  const key = HDKey.fromExtendedKey(xpub, versions).publicKey;
  return key ? BY_PUBLIC_KEY.get(Buffer.from(key).toString("hex")) : undefined;
}
