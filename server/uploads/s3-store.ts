import type { StoredObject, UploadStore } from "./upload-store-types.ts";
import { EMPTY_BODY_SHA256, sha256Hex, signS3Request } from "./sign-s3-request.ts";

/*
 * An S3-compatible bucket as the upload store (issue #16): signed PUT and GET, path-style
 * (`<endpoint>/<bucket>/<key>`), which every S3-compatible service answers.
 */

export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix inside the bucket, e.g. `uploads/`. */
  prefix: string;
};

const TIMEOUT_MS = 15_000;

export function createS3Store(settings: S3Settings, options: { now?: () => Date; fetch?: typeof fetch } = {}): UploadStore {
  const now = options.now ?? (() => new Date());
  const send = options.fetch ?? fetch;
  const credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, region: settings.region };
  const urlOf = (name: string) => new URL(`${settings.endpoint.replace(/\/$/, "")}/${settings.bucket}/${settings.prefix}${name}`);

  async function request(method: "PUT" | "GET", name: string, body?: Buffer, headers: Record<string, string> = {}) {
    const url = urlOf(name);
    const signed = signS3Request({ method, url, headers, payloadHash: body ? sha256Hex(body) : EMPTY_BODY_SHA256, credentials, now: now() });
    // fetch sets Host itself, from the same URL that was signed.
    delete signed.host;
    return send(url, { method, headers: signed, body: body ? new Uint8Array(body) : undefined, signal: AbortSignal.timeout(TIMEOUT_MS) });
  }

  return {
    async put(name, body, contentType) {
      const response = await request("PUT", name, body, {
        "content-type": contentType,
        // A bucket served straight to browsers hands them the same caching as our own /uploads/.
        "cache-control": "public, max-age=31536000, immutable",
      });
      if (!response.ok) throw new Error(`S3 PUT ${name} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    },
    async get(name): Promise<StoredObject | null> {
      const response = await request("GET", name);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw new Error(`S3 GET ${name} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type") ?? "image/webp" };
    },
  };
}
