import type { RequestHandler } from "express";
import { getLogger } from "../lib/logger.ts";
import { readUpload } from "../uploads/read-upload.ts";

/** An upload's name never changes its bytes (content-addressed): browsers and CDNs keep it a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * /uploads/<name>: one size of an uploaded image, from DATA_DIR/uploads or the bucket,
 * as WebP, never sniffed (nosniff is on every response), cached for good. With `publicUrl` (the
 * bucket or its CDN serves the files) a permanent redirect there instead, so stored addresses stay
 * /uploads/… whichever store holds the bytes.
 */
export function serveUploads(options: { publicUrl?: string } = {}): RequestHandler {
  return async (req, res) => {
    const name = String(req.params.name ?? "");
    try {
      if (options.publicUrl && /^[0-9a-f]{32}-\d+x\d+\.webp$/.test(name)) {
        res.set("Cache-Control", IMMUTABLE).redirect(301, `${options.publicUrl}/${name}`);
        return;
      }
      const etag = `"${name}"`;
      const stored = await readUpload(name);
      if (!stored) {
        // Not cached: an image being uploaded now may exist in a moment.
        res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found.");
        return;
      }
      res.set({
        "Cache-Control": IMMUTABLE,
        "Content-Type": "image/webp",
        ETag: etag,
        "X-Content-Type-Options": "nosniff",
      });
      if (req.headers["if-none-match"] === etag) {
        res.status(304).end();
        return;
      }
      res.status(200).send(stored.body);
    } catch (error) {
      getLogger().error({ err: error, name }, "upload could not be read");
      res.status(503).set("Cache-Control", "no-store").type("text/plain").send("Unavailable.");
    }
  };
}
