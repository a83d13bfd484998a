import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { actionRoutesFor } from "./route-patterns.ts";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A post (or PUT, PATCH, DELETE) to an address no route action serves gets 405 here, before
 * React Router: the framework answers it 405 as well, but logs a stack trace for each, so anyone
 * could fill the error log with `PUT /pricing`. The request log line records the 405; nothing
 * else is logged. Routes with an action get the request and answer other methods themselves
 * (the action pipeline's 405 with `Allow: POST`).
 */
export function methodGuard(options: { getBuild: () => Promise<ServerBuild> | ServerBuild }): RequestHandler {
  return async (req, res, next) => {
    if (!MUTATIONS.has(req.method)) return next();
    try {
      if (actionRoutesFor(await options.getBuild(), req.path).length > 0) return next();
      res.status(405).set({ "Cache-Control": "no-store", Allow: "GET, HEAD" });
      if (req.path.startsWith("/api/") || req.path.endsWith(".data"))
        res.json({ ok: false, error: "Method not allowed." });
      else res.type("text/plain").send("Method not allowed.");
    } catch (error) {
      next(error);
    }
  };
}
