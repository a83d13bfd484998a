import { readFile } from "node:fs/promises";
import path from "node:path";
import type { RequestHandler } from "express";
import { getLogger } from "../lib/logger.ts";
import { renderSocialImage, SOCIAL_IMAGE } from "../seo/render-social-image.ts";
import { readUpload } from "../uploads/read-upload.ts";
import { IMMUTABLE } from "./serve-uploads.ts";

/**
 * The addresses this serves: `/og/<image>.jpg`, where <image> is one of the site's own images
 * (under /images/) or an upload. Nothing else is read: no `..`, no other folder, no other type.
 */
const SITE_IMAGE = /^images\/(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.(?:svg|webp|png|jpe?g)$/;
const UPLOAD_IMAGE = /^uploads\/([0-9a-f]{32}-[1-9]\d{0,4}x[1-9]\d{0,4}\.webp)$/;

/** Rendered previews kept in memory: crawlers ask for the same few images again and again. */
const MAX_KEPT = 32;

/**
 * /og/<image>.jpg: a site image or an upload as a 1200×630 JPEG for link previews (see
 * renderSocialImage). The site's own files are looked up in `folders` in order (the built client
 * first, then public/ for the development server).
 */
export function serveSocialImages(options: { folders: string[] }): RequestHandler {
  const kept = new Map<string, Buffer>();
  const source = async (image: string): Promise<Uint8Array | null> => {
    const upload = UPLOAD_IMAGE.exec(image);
    if (upload) return (await readUpload(upload[1]!))?.body ?? null;
    for (const folder of options.folders) {
      const file = await readFile(path.join(folder, image)).catch(() => null);
      if (file) return file;
    }
    return null;
  };
  return async (req, res) => {
    const image = req.path.replace(/^\/og\//, "").replace(/\.jpg$/, "");
    const valid = req.path.endsWith(".jpg") && (SITE_IMAGE.test(image) || UPLOAD_IMAGE.test(image));
    const notFound = () => res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found.");
    if (!valid) return void notFound();
    try {
      let body = kept.get(image);
      if (!body) {
        const bytes = await source(image);
        if (!bytes) return void notFound();
        body = await renderSocialImage({ source: bytes, svg: image.endsWith(".svg") });
        if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
        kept.set(image, body);
      }
      res.set({
        // An upload's name never changes its bytes; a site image may change with a release.
        "Cache-Control": image.startsWith("uploads/") ? IMMUTABLE : "public, max-age=86400",
        "Content-Type": SOCIAL_IMAGE.type,
        "X-Content-Type-Options": "nosniff",
      });
      res.status(200).send(body);
    } catch (error) {
      getLogger().error({ err: error, image }, "link preview image could not be rendered");
      res.status(503).set("Cache-Control", "no-store").type("text/plain").send("Unavailable.");
    }
  };
}
