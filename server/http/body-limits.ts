import type { RequestHandler } from "express";
import { BODY_LIMIT_BYTES, BODY_TOO_LARGE, type FileUploads } from "./responses.ts";

/**
 * The first line against large bodies, before any route reads one: a declared length over the
 * limit is answered 413 at once and the connection closed (so the sender stops, and the server
 * never reads or holds the bytes). Uploads (multipart) are refused (415) except on the paths
 * named in `uploads`, which take them up to their own limit (and whose action says `files`, see
 * action.ts). Bodies sent in chunks, with no declared length, are cut off by readBody at the same
 * limits.
 */
export function bodyLimits(options: { maxBytes?: number; uploads?: Record<string, FileUploads> } = {}): RequestHandler {
  const maxBytes = options.maxBytes ?? BODY_LIMIT_BYTES;
  const uploads = new Map(Object.entries(options.uploads ?? {}));
  return (req, res, next) => {
    const type = (req.headers["content-type"] ?? "").toLowerCase();
    const upload = uploads.get(req.path);
    if (type.startsWith("multipart/") && !(upload && type.startsWith("multipart/form-data"))) {
      res
        .status(415)
        .set({ "Cache-Control": "no-store", Connection: "close" })
        .json({ error: "File uploads are not accepted here." });
      return;
    }
    const limit = upload && type.startsWith("multipart/form-data") ? upload : { maxBytes, tooLarge: BODY_TOO_LARGE };
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > limit.maxBytes) {
      res
        .status(413)
        .set({ "Cache-Control": "no-store", Connection: "close" })
        .json({ ok: false, error: limit.tooLarge });
      return;
    }
    next();
  };
}
