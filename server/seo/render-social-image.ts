import sharp from "sharp";

/** What link previews ask for: Open Graph's and Twitter's large card size, as JPEG. */
export const SOCIAL_IMAGE = { width: 1200, height: 630, type: "image/jpeg" } as const;

/**
 * An article's image as a link preview takes it: 1200×630, cropped to fill from the centre, JPEG.
 * Chat apps and social sites read PNG and JPEG but not always WebP or SVG, which is what the
 * site's own images are. SVG comes only from the site's own files (uploads are never SVG), so
 * rendering it runs no one else's markup.
 */
export async function renderSocialImage(options: { source: Uint8Array; svg: boolean }): Promise<Buffer> {
  const { width, height } = SOCIAL_IMAGE;
  return sharp(options.source, {
    // An SVG is drawn at twice the default density so its lines stay sharp once cropped to size.
    ...(options.svg ? { density: 144 } : {}),
    limitInputPixels: 40_000_000,
    failOn: "error",
  })
    .resize(width, height, { fit: "cover", position: "centre" })
    .flatten({ background: "#0b0f1f" })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
