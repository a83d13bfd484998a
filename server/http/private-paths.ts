import type { RequestHandler } from "express";

/**
 * Paths whose answers depend on who is asking or change state: member and account pages, the
 * pages behind emailed one-time links (password reset, email confirmation, newsletter confirm
 * and unsubscribe, staff invitations), their data requests and every API. Never kept by the
 * page cache, and never by a browser or proxy.
 */
export const PRIVATE_PATH =
  /^\/(api|dashboard|join|signin|sign-in|forgot-password|reset-password|verify-email|newsletter|broadcasts|staff-invitation|logout|admin|tg)(\/|\.data$|$)/;

/**
 * A request is private when its path is, or when its address carries a one-time secret in a
 * `token` parameter, whatever the path: a link's page must never be answered from a copy made
 * before the link was used, nor kept where the next person at the computer finds it.
 */
export function isPrivateRequest(req: { path: string; originalUrl: string }): boolean {
  if (PRIVATE_PATH.test(req.path)) return true;
  const query = req.originalUrl.indexOf("?");
  if (query === -1) return false;
  for (const name of new URLSearchParams(req.originalUrl.slice(query + 1)).keys()) {
    if (name.toLowerCase() === "token") return true;
  }
  return false;
}

/**
 * `Cache-Control: no-store` on every answer to a private request, whatever the route set: a
 * shared computer's back button or a proxy must not replay a member's dashboard or a link's
 * page. Applied as the headers go out, because React Router writes its own Cache-Control after
 * this runs.
 */
export function noStoreForPrivatePaths(): RequestHandler {
  return (req, res, next) => {
    if (isPrivateRequest(req)) {
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: unknown[]) {
        this.setHeader("Cache-Control", "no-store");
        return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
      } as typeof res.writeHead;
    }
    next();
  };
}
