import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { RequestHandler as ExpressHandler, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { getPublicOrigin } from "../../config.ts";
import { getLogger } from "../../lib/logger.ts";
import { contentSecurityPolicy } from "../../security/headers.ts";
import { preferredEncoding, type Encoding } from "../accept-encoding.ts";
import { isPrivateRequest } from "../private-paths.ts";
import { prepareAnswers, type PreparedAnswer } from "./page-fast-path.ts";
import { createPageStore, type StoredPage } from "./page-store.ts";
import { sealCachedPage } from "./seal-cached-page.ts";

// Pages are rendered with this stand-in for the CSP nonce. A stored page loses it and names its
// inline scripts by hash instead (seal-cached-page.ts), so its bytes never change and can be
// compressed once; a page that is not stored gets the stand-in replaced by the response's own
// fresh nonce (never a reused nonce).
const NONCE_STAND_IN = `n0nce${crypto.randomBytes(12).toString("hex")}`;
const MAX_BYTES = 64 * 1024 * 1024;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

type Rendered = { stored: StoredPage } | { once: { status: number; headers: [string, string][]; html: string } };

/**
 * Anonymous HTML pages (no cookies at all, GET, not a private path, no `token` in the query)
 * are rendered once per `ttlSeconds` and then answered from memory, already compressed, with a
 * CSP naming the page's inline scripts by hash. Responses that set a cookie, say `no-store`,
 * or are not 200 HTML are never stored. Concurrent requests for a page being rendered wait for
 * that render. Per process and short-lived; `clear()` empties it, which start.ts does whenever
 * the database announces a content change (on any instance).
 */
export function createPageCache(options: {
  getBuild: () => Promise<ServerBuild> | ServerBuild;
  ttlSeconds: number;
  loadContext: (req: ExpressRequest, res: ExpressResponse) => { cspNonce: string; clientIp: string };
  /** Another origin images may come from (uploads served by a bucket), as the live pages' CSP has it. */
  imgSrc?: string;
  /** The headers every page carries besides its CSP (pageSecurityHeaders), for the prepared answers. */
  securityHeaders?: [string, string][];
}) {
  const store = createPageStore({ maxBytes: MAX_BYTES });
  // Each stored page's ready-made answers for the fast path, dropped with the page.
  const answers = new WeakMap<StoredPage, Record<Encoding, PreparedAnswer>>();
  const rendering = new Map<string, Promise<Rendered>>();
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  const getHandler = async () => (handler ??= createRequestHandler(await options.getBuild(), "production"));

  async function render(key: string, req: ExpressRequest, res: ExpressResponse): Promise<Rendered> {
    const generation = store.generation;
    const request = new Request(key, { method: "GET", headers: toHeaders(req.headers) });
    const response = await (
      await getHandler()
    )(request, { ...options.loadContext(req, res), cspNonce: NONCE_STAND_IN });
    const html = await response.text();
    const headers = [...response.headers.entries()].filter(([name]) => name !== "content-length");
    // A page that says it must not be kept (a link's page, whose token is spent once used) is
    // not kept here either.
    const storable =
      response.status === 200 &&
      !response.headers.has("set-cookie") &&
      !/\bno-store\b/i.test(response.headers.get("cache-control") ?? "") &&
      (response.headers.get("content-type") ?? "").includes("text/html");
    const sealed = storable ? sealCachedPage(html, NONCE_STAND_IN) : null;
    if (!sealed) return { once: { status: response.status, headers, html } };
    const identity = Buffer.from(sealed.html, "utf8");
    // Compressed once per render, off the event loop; brotli at quality 5 costs about what gzip
    // does and is still smaller, so a miss costs no more than an uncached page's compression.
    const [gzipped, brotlied] = await Promise.all([
      gzip(identity),
      brotli(identity, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
    ]);
    const page: StoredPage = {
      status: response.status,
      headers,
      csp: contentSecurityPolicy({ scriptSrc: sealed.scriptHashes.join(" "), imgSrc: options.imgSrc }),
      bodies: { identity, gzip: gzipped, br: brotlied },
      expires: Date.now() + options.ttlSeconds * 1000,
    };
    if (store.set(key, page, generation)) answers.set(page, prepareAnswers(page, options.securityHeaders ?? []));
    return { stored: page };
  }

  const middleware: ExpressHandler = async (req, res, next) => {
    const cacheable =
      options.ttlSeconds > 0 &&
      (req.method === "GET" || req.method === "HEAD") &&
      !req.headers.cookie &&
      !req.headers.authorization &&
      !isPrivateRequest(req) &&
      !req.path.endsWith(".data");
    if (!cacheable) return next();

    // Keyed by path alone: pages are built from PUBLIC_URL, not from the Host a client sent, so
    // one page serves every host name and forged ones cannot fill the store with copies.
    const key = `${getPublicOrigin()}${req.originalUrl}`;
    const hit = store.get(key);
    if (hit) return sendStored(req, res, hit, "HIT");

    try {
      let pending = rendering.get(key);
      const joined = pending !== undefined;
      if (!pending) {
        pending = render(key, req, res);
        rendering.set(key, pending);
        void pending.finally(() => rendering.get(key) === pending && rendering.delete(key)).catch(() => {});
      }
      let rendered = await pending;
      // A page that cannot be shared (it sets a cookie, or failed) is rendered for each request.
      if (joined && "once" in rendered) rendered = await render(key, req, res);
      if ("stored" in rendered) return sendStored(req, res, rendered.stored, "MISS");
      sendOnce(req, res, rendered.once);
    } catch (error) {
      getLogger().error({ err: error, path: req.path }, "page render failed");
      next(error);
    }
  };

  return {
    middleware,
    /** A stored, unexpired page and its prepared answers (see page-fast-path.ts). */
    lookup: (key: string) => {
      const page = store.get(key);
      const prepared = page && answers.get(page);
      return prepared ? { page, answers: prepared } : undefined;
    },
    clear: () => {
      store.clear();
      // Renders under way read the old content: later requests must not wait for them.
      rendering.clear();
    },
  };
}

function sendStored(req: ExpressRequest, res: ExpressResponse, page: StoredPage, state: "HIT" | "MISS") {
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const body = page.bodies[encoding];
  for (const [name, value] of page.headers) res.setHeader(name, value);
  // Replaces the nonce policy set for this response: this page's scripts are allowed by hash.
  res.setHeader("Content-Security-Policy", page.csp);
  res.setHeader("X-Page-Cache", state);
  res.setHeader("Vary", "Accept-Encoding");
  // A set Content-Encoding makes the compression middleware leave the bytes alone.
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.status(page.status);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A page that is not stored: sent once, through the compression middleware, with this response's nonce. */
function sendOnce(
  req: ExpressRequest,
  res: ExpressResponse,
  page: { status: number; headers: [string, string][]; html: string },
) {
  for (const [name, value] of page.headers) {
    // Headers.entries() lists each Set-Cookie separately: keep them all.
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  res.setHeader("X-Page-Cache", "MISS");
  res.status(page.status);
  res.end(req.method === "HEAD" ? undefined : page.html.replaceAll(NONCE_STAND_IN, String(res.locals.cspNonce)));
}

function toHeaders(incoming: Record<string, string | string[] | undefined>) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}
