import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

// A software WebAuthn authenticator for the domain tests: an ES256 (P-256) key made with
// node:crypto, authenticatorData and clientDataJSON built by hand as the WebAuthn spec lays them
// out (rpIdHash, flags, counter, attested credential data with a COSE key), attestation "none".
// Its answers are the JSON a browser's @simplewebauthn/browser would post.

const b64u = (b: Uint8Array) => Buffer.from(b).toString("base64url");
const sha256 = (b: Uint8Array | string) => createHash("sha256").update(b).digest();
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export type SoftAuthenticator = {
  credentialId: Buffer;
  counter: number;
  /** Whether it verifies the user (PIN, fingerprint): flag UV. */
  verifies: boolean;
  /** The user handle it sends back (base64url), as registered. */
  userHandle: string | undefined;
  register(opts: { challenge: string; rpId: string; origin: string; userId: string }): string;
  assert(opts: {
    challenge: string;
    rpId: string;
    origin: string;
    counter?: number;
    userHandle?: string;
  }): string;
};

export function softAuthenticator(): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x ?? "", "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? "", "base64url"))],
    ]),
  );
  const self: SoftAuthenticator = {
    credentialId: randomBytes(16),
    counter: 0,
    verifies: true,
    userHandle: undefined,
    register({ challenge, rpId, origin, userId }) {
      const clientData = clientDataOf("webauthn.create", challenge, origin);
      const idLen = Buffer.alloc(2);
      idLen.writeUInt16BE(self.credentialId.length);
      const authData = Buffer.concat([
        authDataHead(rpId, UP | (self.verifies ? UV : 0) | AT, self.counter),
        Buffer.alloc(16), // AAGUID: none
        idLen,
        self.credentialId,
        Buffer.from(cose),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", new Uint8Array(authData)],
        ]) as never,
      );
      self.userHandle = b64u(Buffer.from(userId, "utf8"));
      return JSON.stringify({
        id: b64u(self.credentialId),
        rawId: b64u(self.credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64u(clientData),
          attestationObject: b64u(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      });
    },
    assert({ challenge, rpId, origin, counter, userHandle }) {
      self.counter = counter ?? self.counter + 1;
      const clientData = clientDataOf("webauthn.get", challenge, origin);
      const authData = authDataHead(rpId, UP | (self.verifies ? UV : 0), self.counter);
      const signature = signOver(privateKey, Buffer.concat([authData, sha256(clientData)]));
      return JSON.stringify({
        id: b64u(self.credentialId),
        rawId: b64u(self.credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64u(clientData),
          authenticatorData: b64u(authData),
          signature: b64u(signature),
          userHandle: userHandle ?? self.userHandle,
        },
        clientExtensionResults: {},
      });
    },
  };
  return self;
}

function clientDataOf(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function authDataHead(rpId: string, flags: number, counter: number): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
}

const signOver = (key: KeyObject, data: Buffer) => sign("sha256", data, key);
