import crypto from "node:crypto";

/*
 * A software WebAuthn authenticator for integration tests: it answers the options our passkey
 * routes hand out (as @simplewebauthn/browser would hand the browser's answer back), so the
 * whole ceremony, challenge cookie included, runs without a browser. ES256 keys, "none"
 * attestation, user verification performed; each answer can be bent to test a refusal.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | Buffer | string) => crypto.createHash("sha256").update(data).digest();

/** The little CBOR a credential needs: unsigned/negative integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: unsupported ${typeof value}`);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

type Bend = { origin?: string; rpId?: string; challenge?: string; type?: string };

export class SoftAuthenticator {
  readonly credentialId = crypto.randomBytes(32);
  private readonly keys = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  private counter = 0;
  private userHandle?: string;

  constructor(
    private readonly site: { origin: string; rpId: string },
    private readonly aaguid = "00000000-0000-0000-0000-000000000000",
  ) {}

  get id() {
    return b64url(this.credentialId);
  }

  private clientData(type: string, challenge: string, bend: Bend) {
    return Buffer.from(
      JSON.stringify({
        type: bend.type ?? type,
        challenge: bend.challenge ?? challenge,
        origin: bend.origin ?? this.site.origin,
        crossOrigin: false,
      }),
    );
  }

  /** navigator.credentials.create() for these options (PublicKeyCredentialCreationOptionsJSON). */
  create(options: { challenge: string; user: { id: string } }, bend: Bend = {}) {
    this.userHandle = options.user.id;
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    const coseKey = new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(bend.rpId ?? this.site.rpId),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      Buffer.alloc(4),
      Buffer.from(this.aaguid.replace(/-/g, ""), "hex"),
      idLength,
      this.credentialId,
      cbor(coseKey),
    ]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, bend)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** navigator.credentials.get() for these options (PublicKeyCredentialRequestOptionsJSON). */
  get(options: { challenge: string }, bend: Bend & { key?: crypto.KeyObject } = {}) {
    this.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const authData = Buffer.concat([sha256(bend.rpId ?? this.site.rpId), Buffer.from([FLAG_UP | FLAG_UV]), count]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, bend);
    const signature = crypto.sign(
      "sha256",
      Buffer.concat([authData, sha256(clientDataJSON)]),
      bend.key ?? this.keys.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
