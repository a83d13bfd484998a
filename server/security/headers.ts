import crypto from "node:crypto";
import type { RequestHandler } from "express";

/**
 * The Content-Security-Policy of every response. `scriptSrc` names what may run besides our
 * own files: a per-response nonce for rendered pages, or the hashes of a cached page's inline
 * scripts (see ../http/page-cache/page-cache.ts). `imgSrc` adds where uploaded images are served from when
 * that is not this site (a bucket or CDN, S3_PUBLIC_URL).
 */
export function contentSecurityPolicy(options: {
  scriptSrc: string;
  dev?: boolean;
  imgSrc?: string;
  /** Who may frame the page: nobody, except the Telegram portal's pages (PORTAL_FRAME_ANCESTORS). */
  frameAncestors?: string;
}) {
  return [
    "default-src 'self'",
    `script-src 'self' ${options.scriptSrc}`,
    // Radix and sonner position elements with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${options.imgSrc ? ` ${options.imgSrc}` : ""}`,
    "font-src 'self'",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${options.frameAncestors ?? "'none'"}`,
  ].join("; ");
}

/**
 * The member portal inside Telegram (/tg): Telegram's web client shows a Mini App in a frame on
 * web.telegram.org (its older clients on other telegram.org hosts), so those pages, and no
 * other, may be framed, and only there. The phone and desktop apps open it in their own web view,
 * unframed.
 */
export const PORTAL_PATH = /^\/tg(\/|$)/;
export const PORTAL_FRAME_ANCESTORS = "https://web.telegram.org https://*.telegram.org";

/**
 * The headers every page carries besides its CSP, as [name, value] pairs: the live pages'
 * middleware and the page cache's prepared answers (../http/page-cache/page-fast-path.ts) both use this
 * list, so a cached page can never go out with fewer of them.
 */
export function pageSecurityHeaders(options: { production: boolean }): [string, string][] {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ...(options.production
      ? [["Strict-Transport-Security", "max-age=63072000; includeSubDomains"] as [string, string]]
      : []),
  ];
}

/** A fresh CSP nonce per response; React Router's inline scripts carry it. */
export function securityHeaders(options: { production: boolean; dev: boolean; imgSrc?: string }): RequestHandler {
  const pageHeaders = pageSecurityHeaders({ production: options.production });
  return (req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const scriptSrc = options.dev ? "'unsafe-inline' 'unsafe-eval'" : `'nonce-${nonce}'`;
    const portal = PORTAL_PATH.test(req.path);
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy({
        scriptSrc,
        dev: options.dev,
        imgSrc: options.imgSrc,
        frameAncestors: portal ? PORTAL_FRAME_ANCESTORS : undefined,
      }),
    );
    for (const [name, value] of pageHeaders) res.setHeader(name, value);
    // X-Frame-Options has no way to name Telegram: the CSP's frame-ancestors alone governs the portal.
    if (portal) res.removeHeader("X-Frame-Options");
    next();
  };
}

/**
 * Headers every response gets before any route runs, JSON and errors included: nothing to
 * sniff, frame or run. Pages replace the CSP with their own (securityHeaders, the page cache).
 */
export function apiSecurityHeaders(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader(
      "Content-Security-Policy",
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    next();
  };
}
