import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { RequestHandler } from "express";
import { logRequest } from "../lib/request-log.ts";
import { preferredEncoding, type Encoding } from "./accept-encoding.ts";
import { malformedHeader } from "./request-guard.ts";

/** What the asset handler answers for; anything else under /assets goes on to express.static. */
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/** The files the build compresses ahead (scripts/compress-assets.mjs), and the suffix of each form. */
const SUFFIX: Record<Exclude<Encoding, "identity">, string> = { br: ".br", gzip: ".gz" };

type Asset = { type: string; bodies: Partial<Record<Encoding, Buffer>> };

/**
 * The body of one asset in one encoding: the build's precompressed file when there is one
 * (brotli at its best level), else compressed here once (a build made without the step).
 */
function body(file: string, asset: Asset, encoding: Encoding): Buffer {
  const kept = asset.bodies[encoding];
  if (kept) return kept;
  let bytes: Buffer;
  if (encoding === "identity") bytes = fs.readFileSync(file);
  else {
    const ready = `${file}${SUFFIX[encoding]}`;
    const raw = body(file, asset, "identity");
    bytes = fs.existsSync(ready)
      ? fs.readFileSync(ready)
      : encoding === "br"
        ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } })
        : zlib.gzipSync(raw, { level: 9 });
  }
  asset.bodies[encoding] = bytes;
  return bytes;
}

/**
 * The build's hashed scripts and stylesheets (/assets/NAME-HASH.js|css), answered before the
 * page middleware: a file's name changes with its content, so it is cached for good, and it is
 * sent brotli- or gzip-compressed as the build left it (no compression per request).
 *
 * Its headers are the few a script or stylesheet needs: type, length, encoding, cache, Vary and
 * nosniff. The page headers (CSP, frame, referrer and permission policies, COOP, HSTS) govern
 * documents and are not read on a subresource; on ~40 script files a page loads they cost
 * about 35 KB per visit. No ETag or Last-Modified: an immutable file is never revalidated.
 *
 * Only names that are files of the folder at start-up are answered, so a path never reaches the
 * file system; a request with a malformed Host goes on to get the request guard's 400.
 */
export function serveAssets(dir: string): RequestHandler {
  const assets = new Map<string, Asset>();
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const type = TYPES[path.extname(name)];
    if (type) assets.set(name, { type, bodies: {} });
  }
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const url = req.url;
    if (!url.startsWith("/assets/")) return next();
    const query = url.indexOf("?");
    const name = url.slice("/assets/".length, query < 0 ? undefined : query);
    const asset = assets.get(name);
    if (!asset || malformedHeader(req.headers) !== null) return next();
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    const bytes = body(path.join(dir, name), asset, encoding);
    const headers: Record<string, string> = {
      "Content-Type": asset.type,
      "Content-Length": String(bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
      "X-Content-Type-Options": "nosniff",
    };
    if (encoding !== "identity") headers["Content-Encoding"] = encoding;
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : bytes);
    logRequest({ method: req.method, path: req.path, status: 200, started });
  };
}
