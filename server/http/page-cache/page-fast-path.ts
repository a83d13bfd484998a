import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Express } from "express";
import { getPublicOrigin } from "../../config.ts";
import { logRequest } from "../../lib/request-log.ts";
import { preferredEncoding, type Encoding } from "../accept-encoding.ts";
import { malformedHeader } from "../request-guard.ts";
import type { StoredPage } from "./page-store.ts";

/** One stored page's answer in one encoding: every header line and the bytes, ready to write. */
export type PreparedAnswer = { headers: string[]; body: Buffer };

/**
 * The answers a stored page is served with, one per encoding, built once when it is stored:
 * the same headers the Express path gives a HIT (the page security headers, the route's own
 * headers, the page's hash CSP, `X-Page-Cache: HIT`, `Vary`, the encoding and the length), as a
 * flat list `writeHead` takes as it is. Later entries replace earlier ones of the same name,
 * in the order the Express path sets them.
 */
export function prepareAnswers(
  page: Pick<StoredPage, "headers" | "csp" | "bodies">,
  securityHeaders: [string, string][],
): Record<Encoding, PreparedAnswer> {
  const prepare = (encoding: Encoding): PreparedAnswer => {
    const body = page.bodies[encoding];
    const byName = new Map<string, [string, string]>();
    const put = (name: string, value: string) => byName.set(name.toLowerCase(), [name, value]);
    for (const [name, value] of securityHeaders) put(name, value);
    for (const [name, value] of page.headers) put(name, value);
    put("Content-Security-Policy", page.csp);
    put("X-Page-Cache", "HIT");
    put("Vary", "Accept-Encoding");
    if (encoding !== "identity") put("Content-Encoding", encoding);
    put("Content-Length", String(body.length));
    return { headers: [...byName.values()].flat(), body };
  };
  return { identity: prepare("identity"), gzip: prepare("gzip"), br: prepare("br") };
}

// Browsers send a handful of distinct Accept-Encoding values: parsing each once is enough.
const encodings = new Map<string, Encoding>();
function encodingFor(header: string | undefined): Encoding {
  const key = header ?? "";
  let encoding = encodings.get(key);
  if (encoding === undefined) {
    encoding = preferredEncoding(header);
    if (encodings.size >= 256) encodings.clear();
    encodings.set(key, encoding);
  }
  return encoding;
}

/**
 * Answers a request straight from the page cache, before Express and its middleware, when
 * nothing in that stack could change the answer: GET or HEAD, no cookie and no Authorization
 * (never a member's request), Host and forwarded headers well formed (the request guard's own
 * check; a malformed one goes on to get its 400), and the exact address already stored (the
 * store only holds addresses that went through the whole stack once). Returns false, having
 * written nothing, for anything else. Every answer is logged as the Express path logs it.
 */
export function answerFromCache(
  lookup: (key: string) => { page: StoredPage; answers: Record<Encoding, PreparedAnswer> } | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  const started = process.hrtime.bigint();
  const { method, headers } = req;
  if (method !== "GET" && method !== "HEAD") return false;
  if (headers.cookie !== undefined || headers.authorization !== undefined) return false;
  const url = req.url ?? "";
  if (url.charCodeAt(0) !== 47 /* "/" */) return false;
  const hit = lookup(`${getPublicOrigin()}${url}`);
  if (!hit || malformedHeader(headers) !== null) return false;
  const answer = hit.answers[encodingFor(headers["accept-encoding"] as string | undefined)];
  res.writeHead(hit.page.status, answer.headers);
  res.end(method === "HEAD" ? undefined : answer.body);
  const query = url.indexOf("?");
  logRequest({ method, path: query < 0 ? url : url.slice(0, query), status: hit.page.status, started });
  return true;
}

/** The server's request listener: the page cache's stored pages first, then the Express app. */
export function withPageFastPath(app: Express): RequestListener {
  return (req, res) => {
    const cache = app.locals.pageCache;
    if (cache && answerFromCache(cache.lookup, req, res)) return;
    app(req, res);
  };
}
