import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { getLogger } from "../lib/logger.ts";
import { CROSS_SITE_REFUSED, crossSiteRefusal } from "../security/origin.ts";
import type { ActionAccess } from "./action.ts";
import { actionRoutesFor } from "./route-patterns.ts";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type GetBuild = () => Promise<ServerBuild> | ServerBuild;

/**
 * The action pipeline's cross-site check (server/security/origin.ts), answered before React
 * Router sees the request. The framework refuses a foreign Origin on a page action by itself,
 * with a stack trace in the log and a 400 "Unexpected Server Error" for its `.data` form: a
 * hostile page could fill the log at will. Here such a request gets the pipeline's 403 and one
 * `warn` line. A route whose action states why it takes cross-site posts (`crossSiteBecause`)
 * keeps that here too, except for a foreign Origin, which the framework would refuse anyway.
 * The operator API and the Telegram webhook are mounted before this and never reach it.
 */
export function crossSiteGuard(options: { getBuild: GetBuild }): RequestHandler {
  return async (req, res, next) => {
    if (!MUTATIONS.has(req.method)) return next();
    try {
      const headers = { get: (name: string) => req.get(name) ?? null };
      const requestOrigin = `${req.protocol}://${req.get("host")}`;
      let reason = crossSiteRefusal(headers, requestOrigin);
      if (reason !== null && (await isExempt(options.getBuild, req.path)))
        reason = crossSiteRefusal(headers, requestOrigin, { originOnly: true });
      if (reason === null) return next();
      getLogger().warn({ method: req.method, path: req.path, reason }, "cross-site request refused");
      res.status(403).set("Cache-Control", "no-store");
      // What the pipeline would have answered: its envelope to API and data requests, the text to a page's form post.
      if (req.path.startsWith("/api/") || req.path.endsWith(".data"))
        res.json({ ok: false, error: CROSS_SITE_REFUSED });
      else res.type("text/plain").send(CROSS_SITE_REFUSED);
    } catch (error) {
      next(error);
    }
  };
}

/** Whether the route this path's action belongs to declares `crossSiteBecause`. */
async function isExempt(getBuild: GetBuild, requestPath: string): Promise<boolean> {
  const routes = actionRoutesFor(await getBuild(), requestPath);
  return routes.some(({ action }) => typeof (action as Partial<ActionAccess>).crossSiteBecause === "string");
}
