import crypto from "node:crypto";
import { AwsV4Signer } from "aws4fetch";
import type { StoredObject, UploadStore } from "./upload-store-types.ts";

/*
 * An S3-compatible bucket as the upload store: signed PUT and GET, path-style
 * (`<endpoint>/<bucket>/<key>`), which every S3-compatible service (AWS, R2, MinIO, Backblaze,
 * Wasabi…) answers. aws4fetch does the Signature Version 4 work.
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

export type S3Credentials = Pick<S3Settings, "accessKeyId" | "secretAccessKey" | "region">;

const TIMEOUT_MS = 15_000;

/**
 * Signs a request with AWS Signature Version 4 and returns the headers to send (fetch sets Host
 * from the same URL). Every header passed in is signed, and so is the body's SHA-256: aws4fetch
 * would otherwise send S3 `UNSIGNED-PAYLOAD`, and a proxy could swap the bytes.
 */
export async function signS3Request(options: {
  method: "PUT" | "GET";
  url: URL;
  headers?: Record<string, string>;
  body?: Uint8Array;
  credentials: S3Credentials;
  now: Date;
}): Promise<Headers> {
  const payloadHash = crypto
    .createHash("sha256")
    .update(options.body ?? new Uint8Array())
    .digest("hex");
  const signer = new AwsV4Signer({
    method: options.method,
    url: options.url.toString(),
    headers: { ...options.headers, "x-amz-content-sha256": payloadHash },
    ...options.credentials,
    service: "s3",
    // `20130524T000000Z`, the timestamp form SigV4 signs.
    datetime: options.now.toISOString().replace(/[-:]|\.\d{3}/g, ""),
    // Content-Type and Range included: what was signed is what the bucket stores or sends.
    allHeaders: true,
  });
  return (await signer.sign()).headers;
}

export function createS3Store(
  settings: S3Settings,
  options: { now?: () => Date; fetch?: typeof fetch } = {},
): UploadStore {
  const now = options.now ?? (() => new Date());
  const send = options.fetch ?? fetch;
  const credentials = {
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
  };
  const urlOf = (name: string) =>
    new URL(`${settings.endpoint.replace(/\/$/, "")}/${settings.bucket}/${settings.prefix}${name}`);

  async function request(method: "PUT" | "GET", name: string, body?: Buffer, headers: Record<string, string> = {}) {
    const url = urlOf(name);
    const bytes = body ? new Uint8Array(body) : undefined;
    const signed = await signS3Request({ method, url, headers, body: bytes, credentials, now: now() });
    return send(url, { method, headers: signed, body: bytes, signal: AbortSignal.timeout(TIMEOUT_MS) });
  }

  return {
    async put(name, body, contentType) {
      const response = await request("PUT", name, body, {
        "content-type": contentType,
        // A bucket served straight to browsers hands them the same caching as our own /uploads/.
        "cache-control": "public, max-age=31536000, immutable",
      });
      if (!response.ok)
        throw new Error(`S3 PUT ${name} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    },
    async get(name): Promise<StoredObject | null> {
      const response = await request("GET", name);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok)
        throw new Error(`S3 GET ${name} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      return {
        body: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get("content-type") ?? "image/webp",
      };
    },
  };
}
