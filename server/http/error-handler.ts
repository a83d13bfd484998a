import type { ErrorRequestHandler } from "express";
import { TEMPORARILY_UNAVAILABLE } from "~/lib/action-answer";
import { isDatabaseUnavailable, logDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/db-errors.ts";
import { getLogger } from "../lib/logger.ts";

/**
 * The last stop of every request: an error no route answered. Errors Express raises about the
 * request itself (bad percent-encoding, a body over a parser's limit, malformed JSON) carry a
 * 4xx status and are answered with it; a database that cannot be reached (a restart, a
 * failover) gets 503 with Retry-After; anything else is logged and answered 500 without
 * detail. The process carries on either way.
 */
export const handleUncaughtError: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const unavailable = isDatabaseUnavailable(error);
  const status = clientErrorStatus(error);
  if (unavailable) logDatabaseUnavailable({ error, method: req.method, path: req.path });
  else if (status === undefined)
    getLogger().error({ err: error, method: req.method, path: req.path }, "request failed");
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (unavailable) {
    // The database is away for a moment (a restart, a failover): ask the client to come back.
    res
      .status(503)
      .set({ "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) })
      .json({ error: TEMPORARILY_UNAVAILABLE });
    return;
  }
  const code = status ?? 500;
  res
    .status(code)
    .set("Cache-Control", "no-store")
    .json({
      error:
        code === 413
          ? "The request body is too large."
          : code < 500
            ? "Bad request."
            : "Something went wrong. Please try again later.",
    });
};

function clientErrorStatus(error: unknown): number | undefined {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? status : undefined;
}
