import type { NextFunction, Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { apiSecurityHeaders, contentSecurityPolicy, securityHeaders } from "./headers.ts";

/** Runs a middleware against a response that records its headers (security headers on every response). */
function respond(middleware: (req: Request, res: Response, next: NextFunction) => void, path = "/") {
  const headers = new Map<string, string>();
  const res = {
    locals: {} as Record<string, unknown>,
    setHeader(name: string, value: string) {
      headers.set(name.toLowerCase(), value);
      return this;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  const next = vi.fn();
  middleware({ path } as Request, res as unknown as Response, next);
  return { headers, locals: res.locals, next };
}

/** The CSP as directive name → value, in the order written. */
function directives(csp: string | undefined): [string, string][] {
  expect(csp).toBeTypeOf("string");
  return csp!.split("; ").map((directive) => {
    const space = directive.indexOf(" ");
    return [directive.slice(0, space), directive.slice(space + 1)];
  });
}

describe("contentSecurityPolicy", () => {
  it("allows only our own files, plus what scriptSrc names for scripts; no plugins, no framing, no foreign forms", () => {
    const hashes = "'sha256-AAAA' 'sha256-BBBB'";
    expect(directives(contentSecurityPolicy({ scriptSrc: hashes }))).toEqual([
      ["default-src", "'self'"],
      ["script-src", `'self' ${hashes}`],
      // Radix and sonner position elements with inline style attributes.
      ["style-src", "'self' 'unsafe-inline'"],
      ["img-src", "'self' data:"],
      ["font-src", "'self'"],
      ["connect-src", "'self'"],
      ["object-src", "'none'"],
      ["base-uri", "'self'"],
      ["form-action", "'self'"],
      ["frame-ancestors", "'none'"],
    ]);
  });

  it("lets the development server's hot reload connect over WebSockets, only in development", () => {
    const connect = (dev?: boolean) =>
      new Map(directives(contentSecurityPolicy({ scriptSrc: "'nonce-x'", dev }))).get("connect-src");
    expect(connect(true)).toBe("'self' ws: wss:");
    expect(connect(false)).toBe("'self'");
    expect(connect(undefined)).toBe("'self'");
  });

  it("lets images come from the uploads bucket's public origin when one is configured, and from nowhere else", () => {
    const img = (imgSrc?: string) =>
      new Map(directives(contentSecurityPolicy({ scriptSrc: "'nonce-x'", imgSrc }))).get("img-src");
    expect(img("https://cdn.example.com")).toBe("'self' data: https://cdn.example.com");
    expect(img(undefined)).toBe("'self' data:");
    const { headers } = respond(securityHeaders({ production: true, dev: false, imgSrc: "https://cdn.example.com" }));
    expect(headers.get("content-security-policy")).toContain("img-src 'self' data: https://cdn.example.com;");
  });
});

describe("securityHeaders (pages)", () => {
  const page = (options: { production: boolean; dev: boolean }) => respond(securityHeaders(options));

  it("gives every page a CSP whose scripts need a fresh nonce, shared with the render through res.locals", () => {
    const first = page({ production: true, dev: false });
    const second = page({ production: true, dev: false });
    for (const { headers, locals, next } of [first, second]) {
      expect(next).toHaveBeenCalledOnce();
      expect(next).toHaveBeenCalledWith();
      // 16 random bytes, base64: 24 characters.
      expect(locals.cspNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const csp = new Map(directives(headers.get("content-security-policy")));
      expect(csp.get("script-src")).toBe(`'self' 'nonce-${String(locals.cspNonce)}'`);
      expect(csp.get("default-src")).toBe("'self'");
      expect(csp.get("frame-ancestors")).toBe("'none'");
      expect(csp.get("connect-src")).toBe("'self'");
    }
    // Never a reused nonce.
    expect(first.locals.cspNonce).not.toBe(second.locals.cspNonce);
  });

  it("sends nosniff, no framing, the referrer policy, no powerful features and a same-origin opener", () => {
    const { headers } = page({ production: false, dev: false });
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=(), payment=(), usb=()");
    expect(headers.get("cross-origin-opener-policy")).toBe("same-origin");
  });

  it("lets Telegram's web client frame the portal's pages (/tg), and nothing frame any other page", () => {
    const middleware = securityHeaders({ production: true, dev: false });
    for (const path of ["/tg", "/tg/"]) {
      const { headers } = respond(middleware, path);
      expect(directives(headers.get("content-security-policy"))).toContainEqual([
        "frame-ancestors",
        "https://web.telegram.org https://*.telegram.org",
      ]);
      expect(headers.has("x-frame-options"), path).toBe(false);
    }
    for (const path of ["/", "/tgx", "/pricing/tg", "/dashboard", "/api/portal/view"]) {
      const { headers } = respond(middleware, path);
      expect(directives(headers.get("content-security-policy")), path).toContainEqual(["frame-ancestors", "'none'"]);
      expect(headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("sends HSTS (two years, subdomains included) in production only", () => {
    expect(page({ production: true, dev: false }).headers.get("strict-transport-security")).toBe(
      "max-age=63072000; includeSubDomains",
    );
    expect(page({ production: false, dev: false }).headers.has("strict-transport-security")).toBe(false);
    expect(page({ production: false, dev: true }).headers.has("strict-transport-security")).toBe(false);
  });

  it("in development lets Vite's inline and eval'd scripts and its WebSocket through", () => {
    const { headers, locals } = page({ production: false, dev: true });
    const csp = new Map(directives(headers.get("content-security-policy")));
    expect(csp.get("script-src")).toBe("'self' 'unsafe-inline' 'unsafe-eval'");
    expect(csp.get("connect-src")).toBe("'self' ws: wss:");
    // The render still gets a nonce to stamp.
    expect(locals.cspNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe("apiSecurityHeaders (every answer, JSON and errors included)", () => {
  it("lets nothing load, run, frame or post, and sends nosniff, DENY and the referrer policy", () => {
    const { headers, next, locals } = respond(apiSecurityHeaders());
    expect(next).toHaveBeenCalledOnce();
    expect(directives(headers.get("content-security-policy"))).toEqual([
      ["default-src", "'none'"],
      ["frame-ancestors", "'none'"],
      ["base-uri", "'none'"],
      ["form-action", "'none'"],
    ]);
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // No nonce: pages get theirs from securityHeaders.
    expect(locals.cspNonce).toBeUndefined();
  });
});
