import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request as ExpressRequest, RequestHandler as ExpressHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { getLogger } from "../lib/logger.ts";
import { contentSecurityPolicy } from "../security/headers.ts";
import { sealCachedPage } from "./seal-cached-page.ts";

// Pages are rendered with this stand-in for the CSP nonce. A stored page loses it and names its
// inline scripts by hash instead (seal-cached-page.ts), so its bytes never change and can be
// compressed once; a page that is not stored gets the stand-in replaced by the response's own
// fresh nonce (DESIGN.md §6: never a reused nonce).
const NONCE_STAND_IN = `n0nce${crypto.randomBytes(12).toString("hex")}`;
const MAX_ENTRIES = 500;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

type Encoding = "br" | "gzip" | "identity";
type Stored = {
  status: number;
  headers: [string, string][];
  csp: string;
  bodies: Record<Encoding, Buffer>;
  expires: number;
};

/** Paths that can depend on who is asking, or that change state: never cached. */
const privatePath = /^\/(api|dashboard|join|signin|sign-in|forgot-password|reset-password|newsletter)(\/|$)/;

/**
 * Anonymous HTML pages (no cookies at all, GET, not a private path) are rendered once per
 * `ttlSeconds` and then answered from memory, already compressed, with a CSP naming the
 * page's inline scripts by hash. Responses that set a cookie or are not 200 HTML are never
 * stored. Per process and short-lived; `clear()` empties it, which start.ts does whenever the
 * database announces a content change (on any instance).
 */
export function createPageCache(options: {
  getBuild: () => Promise<ServerBuild> | ServerBuild;
  ttlSeconds: number;
  loadContext: (req: ExpressRequest, res: ExpressResponse) => { cspNonce: string; clientIp: string };
}) {
  const entries = new Map<string, Stored>();
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  const getHandler = async () => (handler ??= createRequestHandler(await options.getBuild(), "production"));

  const middleware: ExpressHandler = async (req, res, next) => {
    const cacheable =
      options.ttlSeconds > 0 &&
      (req.method === "GET" || req.method === "HEAD") &&
      !req.headers.cookie &&
      !req.headers.authorization &&
      !privatePath.test(req.path) &&
      !req.path.endsWith(".data");
    if (!cacheable) return next();

    const key = `${req.protocol}://${req.get("host")}${req.originalUrl}`;
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) return sendStored(req, res, hit, "HIT");

    try {
      const request = new Request(key, { method: "GET", headers: toHeaders(req.headers) });
      const response = await (await getHandler())(request, { ...options.loadContext(req, res), cspNonce: NONCE_STAND_IN });
      const html = await response.text();
      const headers = [...response.headers.entries()].filter(([name]) => name !== "content-length");
      const storable =
        response.status === 200 && !response.headers.has("set-cookie") && (response.headers.get("content-type") ?? "").includes("text/html");
      const sealed = storable ? sealCachedPage(html, NONCE_STAND_IN) : null;
      if (!sealed) {
        // Served once, through the compression middleware, with this response's nonce.
        for (const [name, value] of headers) res.setHeader(name, value);
        res.setHeader("X-Page-Cache", "MISS");
        res.status(response.status);
        res.end(req.method === "HEAD" ? undefined : html.replaceAll(NONCE_STAND_IN, String(res.locals.cspNonce)));
        return;
      }
      const identity = Buffer.from(sealed.html, "utf8");
      // Compressed off the event loop, once per render; brotli at a middle quality is about as
      // fast as gzip and ~15 % smaller on these pages.
      const [gzipped, brotlied] = await Promise.all([
        gzip(identity),
        brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      ]);
      const entry: Stored = {
        status: response.status,
        headers,
        csp: contentSecurityPolicy({ scriptSrc: sealed.scriptHashes.join(" ") }),
        bodies: { identity, gzip: gzipped, br: brotlied },
        expires: Date.now() + options.ttlSeconds * 1000,
      };
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
      sendStored(req, res, entry, "MISS");
    } catch (error) {
      getLogger().error({ err: error, path: req.path }, "page render failed");
      next(error);
    }
  };
  return { middleware, clear: () => entries.clear() };
}

function sendStored(req: ExpressRequest, res: ExpressResponse, entry: Stored, state: "HIT" | "MISS") {
  const encoding = (req.acceptsEncodings("br", "gzip", "identity") || "identity") as Encoding;
  const body = entry.bodies[encoding];
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  // Replaces the nonce policy set for this response: this page's scripts are allowed by hash.
  res.setHeader("Content-Security-Policy", entry.csp);
  res.setHeader("X-Page-Cache", state);
  res.setHeader("Vary", "Accept-Encoding");
  // A set Content-Encoding makes the compression middleware leave the bytes alone.
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.status(entry.status);
  res.end(req.method === "HEAD" ? undefined : body);
}

function toHeaders(incoming: Record<string, string | string[] | undefined>) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}
