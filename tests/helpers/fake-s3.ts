import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A stand-in for an S3-compatible bucket on localhost, speaking S3's HTTP protocol:
 * path-style PUT and GET of objects, and a check of every request's AWS Signature Version 4
 * header, recomputed here from the request as it arrived (its own implementation of the
 * algorithm, not the client's) against the one key pair it knows. A wrong signature, key, region
 * or body hash, or a clock more than 15 minutes off, is answered as S3 answers it (403 with an
 * XML error), and nothing is stored.
 */

export type FakeS3Object = { body: Buffer; contentType: string; cacheControl: string | undefined };

export type FakeS3 = {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, FakeS3Object>;
  /** Every request, with the outcome of its signature check. */
  requests: { method: string; path: string; signed: boolean }[];
  close: () => Promise<void>;
};

const sha256 = (data: string | Buffer) => crypto.createHash("sha256").update(data).digest("hex");
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac("sha256", key).update(data).digest();

const error = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/** The signature S3 expects for this request, or the reason it cannot be checked. */
function verify(
  req: http.IncomingMessage,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
  now: Date,
): string | null {
  const auth = req.headers.authorization ?? "";
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return "AuthorizationHeaderMalformed";
  const [, keyId, day, region, signedHeaders, signature] = match;
  if (keyId !== keys.accessKeyId) return "InvalidAccessKeyId";
  if (region !== keys.region) return "AuthorizationHeaderMalformed";
  const timestamp = String(req.headers["x-amz-date"] ?? "");
  if (!timestamp.startsWith(day!)) return "AuthorizationHeaderMalformed";
  const at = Date.parse(
    `${timestamp.slice(0, 4)}-${timestamp.slice(4, 6)}-${timestamp.slice(6, 8)}T${timestamp.slice(9, 11)}:${timestamp.slice(11, 13)}:${timestamp.slice(13, 15)}Z`,
  );
  if (!Number.isFinite(at) || Math.abs(now.getTime() - at) > 15 * 60_000) return "RequestTimeTooSkewed";
  const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
  if (payloadHash !== sha256(body)) return "XAmzContentSHA256Mismatch";
  const names = signedHeaders!.split(";");
  if (!names.includes("host") || !names.includes("x-amz-date") || !names.includes("x-amz-content-sha256"))
    return "AccessDenied";
  const headerLines = names
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const url = new URL(req.url ?? "/", "http://stand-in");
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join("&");
  const canonical = [req.method, url.pathname, query, headerLines, signedHeaders, payloadHash].join("\n");
  const toSign = `AWS4-HMAC-SHA256\n${timestamp}\n${day}/${region}/s3/aws4_request\n${sha256(canonical)}`;
  const key = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, day!), region!), "s3"), "aws4_request");
  const expected = crypto.createHmac("sha256", key).update(toSign).digest("hex");
  return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature!)) ? null : "SignatureDoesNotMatch";
}

export async function startFakeS3(
  options: { bucket?: string; region?: string; now?: () => Date } = {},
): Promise<FakeS3> {
  const bucket = options.bucket ?? "site-uploads";
  const region = options.region ?? "eu-test-1";
  const keys = { accessKeyId: "AKIDSTANDIN0001", secretAccessKey: crypto.randomBytes(20).toString("base64"), region };
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3["requests"] = [];
  const now = options.now ?? (() => new Date());
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url ?? "/", "http://stand-in").pathname;
      const refused = verify(req, body, keys, now());
      requests.push({ method: req.method ?? "", path, signed: refused === null });
      res.setHeader("x-amz-request-id", crypto.randomBytes(8).toString("hex"));
      if (refused) {
        res.writeHead(
          refused === "InvalidAccessKeyId" ||
            refused === "SignatureDoesNotMatch" ||
            refused === "AccessDenied" ||
            refused === "RequestTimeTooSkewed"
            ? 403
            : 400,
          {
            "content-type": "application/xml",
          },
        );
        res.end(error(refused, "The request signature we calculated does not match the signature you provided."));
        return;
      }
      const prefix = `/${bucket}/`;
      if (!path.startsWith(prefix) || path.length === prefix.length) {
        res
          .writeHead(404, { "content-type": "application/xml" })
          .end(error("NoSuchBucket", "The specified bucket does not exist"));
        return;
      }
      const key = decodeURIComponent(path.slice(prefix.length));
      if (req.method === "PUT") {
        const cacheControl = req.headers["cache-control"];
        objects.set(key, {
          body,
          contentType: String(req.headers["content-type"] ?? "binary/octet-stream"),
          cacheControl,
        });
        res.writeHead(200, { etag: `"${crypto.createHash("md5").update(body).digest("hex")}"` }).end();
        return;
      }
      if (req.method === "GET") {
        const object = objects.get(key);
        if (!object) {
          res
            .writeHead(404, { "content-type": "application/xml" })
            .end(error("NoSuchKey", "The specified key does not exist."));
          return;
        }
        res
          .writeHead(200, { "content-type": object.contentType, "content-length": object.body.length })
          .end(object.body);
        return;
      }
      res
        .writeHead(405, { "content-type": "application/xml" })
        .end(error("MethodNotAllowed", "The specified method is not allowed."));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    ...keys,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
