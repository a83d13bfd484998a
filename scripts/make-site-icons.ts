/**
 * Renders the site's icons and default link-preview image from their SVG sources in public/:
 * link previews in most chat apps and social sites take only PNG or JPEG, and browsers still ask
 * for /favicon.ico. Run after changing public/favicon.svg or public/images/og-default.svg:
 *   npx tsx scripts/make-site-icons.ts
 * The outputs are committed, so neither a build nor a start needs this script.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const publicDir = path.join(import.meta.dirname, "..", "public");

async function png(svg: Buffer, width: number, height = width) {
  // A density high enough that the vector is drawn at the target size, never scaled up from 72 dpi.
  return sharp(svg, { density: 72 * Math.ceil(width / 64) })
    .resize(width, height, { fit: "cover" })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * An ICO file holding PNG images (every browser since 2007 reads them): a 6-byte header, one
 * 16-byte directory entry per image, then the PNG bytes.
 */
export function icoOf(images: { size: number; png: Buffer }[]) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

const favicon = await readFile(path.join(publicDir, "favicon.svg"));
const ico = icoOf(await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await png(favicon, size) }))));
await writeFile(path.join(publicDir, "favicon.ico"), ico);
await writeFile(path.join(publicDir, "apple-touch-icon.png"), await png(favicon, 180));
await writeFile(path.join(publicDir, "icon-192.png"), await png(favicon, 192));
await writeFile(path.join(publicDir, "icon-512.png"), await png(favicon, 512));

const preview = await readFile(path.join(publicDir, "images", "og-default.svg"));
const previewPng = await sharp(preview, { density: 72 })
  .resize(1200, 630, { fit: "cover" })
  .png({ compressionLevel: 9, palette: false })
  .toBuffer();
await writeFile(path.join(publicDir, "images", "og-default.png"), previewPng);
console.log(
  "Wrote favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png and images/og-default.png in public/.",
);
