import crypto from "node:crypto";

/*
 * AWS Signature Version 4 for S3 (issue #16), the part of it an upload store needs: a request's
 * headers signed with an access key, so any S3-compatible bucket (AWS, R2, MinIO, Backblaze,
 * Wasabi…) accepts it. Written here on node:crypto rather than pulling in an SDK for two verbs.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */

export type S3Credentials = { accessKeyId: string; secretAccessKey: string; region: string };

const sha256Hex = (data: string | Uint8Array) => crypto.createHash("sha256").update(data).digest("hex");
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac("sha256", key).update(data).digest();

/** The hash of an empty body, which GET requests sign. */
export const EMPTY_BODY_SHA256 = sha256Hex("");

/** S3's URI encoding: RFC 3986 unreserved characters stay, everything else is %XX (a path's slashes stay). */
export function s3UriEncode(value: string, keepSlash: boolean): string {
  return Array.from(new TextEncoder().encode(value), (byte) => {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(char) || (keepSlash && char === "/")) return char;
    return `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }).join("");
}

/** `20130524T000000Z`, the timestamp form SigV4 signs. */
export function amzDate(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/**
 * Signs a request: returns its headers with `x-amz-date`, `x-amz-content-sha256` and
 * `authorization` added. Every header passed in is signed (host is taken from the URL).
 */
export function signS3Request(options: {
  method: string;
  url: URL;
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (EMPTY_BODY_SHA256 for none). */
  payloadHash: string;
  credentials: S3Credentials;
  now: Date;
}): Record<string, string> {
  const { method, url, credentials } = options;
  const timestamp = amzDate(options.now);
  const day = timestamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  headers.host = url.host;
  headers["x-amz-date"] = timestamp;
  headers["x-amz-content-sha256"] = options.payloadHash;
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, " ")}\n`).join("");
  const signedHeaders = names.join(";");
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [s3UriEncode(k, false), s3UriEncode(v, false)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const path = s3UriEncode(decodeURIComponent(url.pathname), true);
  const canonicalRequest = [method, path, query, canonicalHeaders, signedHeaders, options.payloadHash].join("\n");
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", timestamp, scope, sha256Hex(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), "s3"), "aws4_request");
  const signature = crypto.createHmac("sha256", key).update(stringToSign).digest("hex");
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

export { sha256Hex };
