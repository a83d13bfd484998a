import type { NextFunction, Request, RequestHandler, Response } from "express";
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
    if (req.method === "OPTIONS") return answerOptions(req, res, next, options.getBuild);
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

/**
 * OPTIONS is answered here, 204 with the methods the address takes in `Allow` (POST where a route
 * has an action; "OPTIONS *" asks about the server, which takes all of them): React Router has no
 * answer for it and logs a stack trace for each. It opens nothing: no CORS header is sent, so a
 * preflight from another site is denied by the browser as before. The request log line records it.
 */
async function answerOptions(
  req: Request,
  res: Response,
  next: NextFunction,
  getBuild: () => Promise<ServerBuild> | ServerBuild,
) {
  try {
    const post = req.url === "*" || actionRoutesFor(await getBuild(), req.path).length > 0;
    res
      .status(204)
      .set({ "Cache-Control": "no-store", Allow: post ? "GET, HEAD, POST, OPTIONS" : "GET, HEAD, OPTIONS" })
      .end();
  } catch (error) {
    next(error);
  }
}
