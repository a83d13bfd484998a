import type { RequestHandler } from "express";
import { BODY_LIMIT_BYTES, BODY_TOO_LARGE } from "./responses.ts";

/**
 * The first line against large bodies, before any route reads one: a declared length over the
 * limit is answered 413 at once and the connection closed (so the sender stops, and the server
 * never reads or holds the bytes); uploads are refused (415) because no page takes files. Bodies
 * sent in chunks, with no declared length, are cut off by readBody at the same limit.
 */
export function bodyLimits(options: { maxBytes?: number } = {}): RequestHandler {
  const maxBytes = options.maxBytes ?? BODY_LIMIT_BYTES;
  return (req, res, next) => {
    const type = (req.headers["content-type"] ?? "").toLowerCase();
    if (type.startsWith("multipart/")) {
      res.status(415).set({ "Cache-Control": "no-store", Connection: "close" }).json({ error: "File uploads are not accepted here." });
      return;
    }
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > maxBytes) {
      res.status(413).set({ "Cache-Control": "no-store", Connection: "close" }).json({ error: BODY_TOO_LARGE });
      return;
    }
    next();
  };
}
