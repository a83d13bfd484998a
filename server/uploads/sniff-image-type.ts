/*
 * What an uploaded file is, read from its first bytes: never from its name or the
 * type the browser declared, which the sender writes. Only the formats we re-encode are
 * recognised; everything else — SVG above all, which is a document that can run script — is
 * refused before any decoder sees it.
 */

export type ImageType = "jpeg" | "png" | "webp" | "gif" | "avif";

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The image format the bytes begin with, or null when they begin with no format we take. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")) return "gif";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  // ISO base media file: a size, "ftyp", then the major brand. AVIF is "avif" (still) or "avis" (sequence).
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(bytes, 8, 12)))
    return "avif";
  return null;
}

/**
 * Whether refused bytes look like an SVG or other XML document, so the refusal can say why. A
 * byte-order mark, white space and comments may come first.
 */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024))
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  return (
    head.startsWith("<?xml") ||
    head.startsWith("<svg") ||
    head.startsWith("<!--") ||
    head.startsWith("<!doctype svg") ||
    /<svg[\s>]/.test(head)
  );
}
