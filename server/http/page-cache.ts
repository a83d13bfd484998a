import crypto from "node:crypto";
import type { RequestHandler as ExpressHandler } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { getLogger } from "../lib/logger.ts";

// Rendered with this stand-in for the CSP nonce; every response served from the cache gets
// the stand-in replaced by its own fresh nonce (DESIGN.md §6: never a reused nonce).
const NONCE_STAND_IN = `n0nce${crypto.randomBytes(12).toString("hex")}`;
const MAX_ENTRIES = 500;

type Entry = { status: number; headers: [string, string][]; body: string; expires: number };

/** Paths that can depend on who is asking, or that change state: never cached. */
const privatePath = /^\/(api|dashboard|join|signin|sign-in|forgot-password|reset-password|newsletter)(\/|$)/;

/**
 * Anonymous HTML pages (no cookies at all, GET, not a private path) are rendered once per
 * `ttlSeconds` and then served from memory with a fresh nonce stamped in. Responses that set
 * a cookie or are not 200 HTML are never stored. Per process, short-lived: content edits show
 * within the TTL on every instance, and `clear()` empties it at once on this one.
 */
export function createPageCache(options: {
  getBuild: () => Promise<ServerBuild> | ServerBuild;
  ttlSeconds: number;
  loadContext: (req: Parameters<ExpressHandler>[0], res: Parameters<ExpressHandler>[1]) => { cspNonce: string; clientIp: string };
}) {
  const entries = new Map<string, Entry>();
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
    const nonce = String(res.locals.cspNonce);
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) return send(res, hit, nonce, "HIT", req.method === "HEAD");

    try {
      const request = new Request(key, { method: "GET", headers: toHeaders(req.headers) });
      const response = await (await getHandler())(request, { ...options.loadContext(req, res), cspNonce: NONCE_STAND_IN });
      const body = await response.text();
      const entry: Entry = {
        status: response.status,
        headers: [...response.headers.entries()].filter(([name]) => name !== "content-length"),
        body,
        expires: Date.now() + options.ttlSeconds * 1000,
      };
      const storable =
        response.status === 200 && !response.headers.has("set-cookie") && (response.headers.get("content-type") ?? "").includes("text/html");
      if (storable) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, entry);
      }
      send(res, entry, nonce, "MISS", req.method === "HEAD");
    } catch (error) {
      getLogger().error({ err: error, path: req.path }, "page render failed");
      next(error);
    }
  };
  return { middleware, clear: () => entries.clear() };
}

function send(res: Parameters<ExpressHandler>[1], entry: Entry, nonce: string, state: "HIT" | "MISS", head: boolean) {
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("X-Page-Cache", state);
  res.status(entry.status);
  res.end(head ? undefined : entry.body.replaceAll(NONCE_STAND_IN, nonce));
}

function toHeaders(incoming: Record<string, string | string[] | undefined>) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}
