import type { RequestHandler } from "express";

/**
 * Paths whose answers depend on who is asking or change state: member and account pages, their
 * data requests and every API. Never kept by the page cache, and never by a browser or proxy.
 */
export const PRIVATE_PATH = /^\/(api|dashboard|join|signin|sign-in|forgot-password|reset-password|verify-email|newsletter|logout|admin)(\/|\.data$|$)/;

/**
 * `Cache-Control: no-store` on every answer for a private path, whatever the route set: a
 * shared computer's back button or a proxy must not replay a member's dashboard. Applied as
 * the headers go out, because React Router writes its own Cache-Control after this runs.
 */
export function noStoreForPrivatePaths(): RequestHandler {
  return (req, res, next) => {
    if (PRIVATE_PATH.test(req.path)) {
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: unknown[]) {
        this.setHeader("Cache-Control", "no-store");
        return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
      } as typeof res.writeHead;
    }
    next();
  };
}
