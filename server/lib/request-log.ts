import { getLogger } from "./logger.ts";

/**
 * The one line every answered request leaves (method, path, status, milliseconds), at info;
 * assets at debug. Written by the Express app for what it answers and by the page cache's fast
 * path for what it answers, so both log alike.
 */
export function logRequest(options: { method: string; path: string; status: number; started: bigint }) {
  const { method, path, status, started } = options;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const isAsset = path.startsWith("/assets/") || path.startsWith("/images/") || path.startsWith("/uploads/");
  getLogger()[isAsset ? "debug" : "info"]({ method, path, status, ms: Math.round(ms * 10) / 10 }, "request");
}
