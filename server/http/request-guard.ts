import net from "node:net";
import type { RequestHandler } from "express";
import { hasControlCharacter } from "~/lib/validation/fields";

// A host as RFC 3986 allows it in Host: a name of letters, digits, dots and dashes, or an
// IPv4 or bracketed IPv6 literal; then an optional port.
const HOST = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?))(?::(\d{1,5}))?$/;
const PROTO = /^https?$/i;

/** A Host (or X-Forwarded-Host entry) that URL parsers and Express read the same way. */
export function isValidHost(value: string): boolean {
  const match = HOST.exec(value);
  if (!match) return false;
  if (match[1] !== undefined && !net.isIPv6(match[1])) return false;
  return match[3] === undefined || Number(match[3]) <= 65535;
}

const list = (value: string) => value.split(",").map((part) => part.trim());

/**
 * What is wrong with the request's Host or forwarded headers, or null. Express and React
 * Router build URLs from them (`new URL(protocol + "://" + host + path)`): a value that makes
 * that throw used to end in an unhandled rejection that stopped the process. They are checked
 * whether or not a proxy is trusted, because a header this server will not read is still one a
 * client should not send malformed.
 */
export function malformedHeader(headers: Record<string, string | string[] | undefined>): string | null {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(",") : value;
  };
  const host = one("host");
  if (host === undefined || !isValidHost(host)) return "Host";
  const forwardedHost = one("x-forwarded-host");
  if (forwardedHost !== undefined && !list(forwardedHost).every(isValidHost)) return "X-Forwarded-Host";
  const forwardedProto = one("x-forwarded-proto");
  if (forwardedProto !== undefined && !list(forwardedProto).every((p) => PROTO.test(p))) return "X-Forwarded-Proto";
  const forwardedFor = one("x-forwarded-for");
  if (forwardedFor !== undefined && !list(forwardedFor).every((a) => net.isIP(a) !== 0)) return "X-Forwarded-For";
  return null;
}

export const TARGET_MESSAGES = {
  encoding: "The address is not valid percent-encoding.",
  control: "The address contains characters that are not allowed.",
} as const;

/**
 * What is wrong with a request target's path or query, or null. No path segment, query name or
 * query value has a use for a control character, and NUL cannot even be stored (PostgreSQL
 * refuses it): refused here, once, before any route, loader or database sees it. The path must
 * also decode (routes and static files decode it); the query is read as every route reads it,
 * with URLSearchParams, which cannot fail.
 */
export function unreadableTarget(url: string): keyof typeof TARGET_MESSAGES | null {
  const at = url.indexOf("?");
  const path = at < 0 ? url : url.slice(0, at);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return "encoding";
  }
  if (hasControlCharacter(decoded)) return "control";
  if (at < 0) return null;
  for (const [name, value] of new URLSearchParams(url.slice(at + 1))) {
    if (hasControlCharacter(name) || hasControlCharacter(value)) return "control";
  }
  return null;
}

// Methods the site answers; anything else (TRACE, CONNECT, WebDAV's PROPFIND…) cannot even be
// turned into a fetch Request, which is what the page handler needs.
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Answers 400 to a request whose Host or forwarded headers cannot be read safely, or whose path
 * or query does not decode or holds a control character; 405 to a method the site does not use.
 */
export function requestGuard(): RequestHandler {
  return (req, res, next) => {
    if (!METHODS.has(req.method)) {
      res
        .status(405)
        .set({ "Cache-Control": "no-store", Allow: [...METHODS].join(", ") })
        .json({ error: "Method not allowed." });
      return;
    }
    // Only origin-form targets ("/path?query") reach the site; the absolute form
    // ("GET http://other.example/") is for proxies, and "*" only for OPTIONS.
    if (!req.url.startsWith("/") && !(req.method === "OPTIONS" && req.url === "*")) {
      res
        .status(400)
        .set({ "Cache-Control": "no-store", Connection: "close" })
        .json({ error: "Malformed request target." });
      return;
    }
    const target = unreadableTarget(req.url);
    if (target) {
      res.status(400).set("Cache-Control", "no-store").json({ error: TARGET_MESSAGES[target] });
      return;
    }
    const bad = malformedHeader(req.headers);
    if (bad) {
      res
        .status(400)
        .set({ "Cache-Control": "no-store", Connection: "close" })
        .json({ error: `Malformed ${bad} header.` });
      return;
    }
    next();
  };
}
