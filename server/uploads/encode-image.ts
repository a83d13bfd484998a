import crypto from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES, UPLOAD_WIDTHS, uploadSizes, type UploadSize } from "~/lib/uploads";
import { AppError } from "../lib/errors.ts";
import { looksLikeSvg, sniffImageType, type ImageType } from "./sniff-image-type.ts";

/*
 * An uploaded image made safe to serve: recognised by its bytes, decoded only when
 * its header promises a sane size, turned upright by its EXIF orientation, stripped of every
 * other piece of metadata (camera, place, time), and re-encoded as WebP in a few widths. What is
 * served is always our encoder's output, never the uploaded bytes.
 */

/**
 * Decompression bombs: a small file may claim a huge canvas that takes gigabytes to decode. The
 * header is read first and anything past this many pixels is refused before decoding.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** Changes whenever the encoding does, so a re-upload after a change gets new names, never a cached old file. */
const ENCODING_VERSION = "webp-q80-v1";

/** What sharp names each format we take (AVIF is read by its HEIF decoder, with AV1 compression). */
const DECODER: Record<ImageType, string> = { jpeg: "jpeg", png: "png", webp: "webp", gif: "gif", avif: "heif" };

export type EncodedImage = {
  /** The uploaded file's hash (with the encoding's version): the same file always gets the same names. */
  hash: string;
  /** The largest size: its address is the image's address. */
  src: string;
  width: number;
  height: number;
  type: ImageType;
  sizes: (UploadSize & { body: Buffer })[];
};

const refuse = (status: "UNSUPPORTED_MEDIA_TYPE" | "VALIDATION" | "PAYLOAD_TOO_LARGE", message: string) =>
  new AppError(status, message);

/** Checks an uploaded file by its content and re-encodes it; refusals are AppErrors (413, 415, 400) with a clear message. */
export async function encodeImage(bytes: Uint8Array, options: { maxPixels?: number } = {}): Promise<EncodedImage> {
  const maxPixels = options.maxPixels ?? MAX_INPUT_PIXELS;
  if (bytes.byteLength > UPLOAD_MAX_BYTES) throw refuse("PAYLOAD_TOO_LARGE", UPLOAD_MESSAGES.tooLarge);
  if (bytes.byteLength === 0) throw refuse("VALIDATION", UPLOAD_MESSAGES.missing);
  const type = sniffImageType(bytes);
  if (!type)
    throw refuse("UNSUPPORTED_MEDIA_TYPE", looksLikeSvg(bytes) ? UPLOAD_MESSAGES.svg : UPLOAD_MESSAGES.unsupported);

  // The pixel limit is ours; sharp's own (set higher) is a second fence should a header lie.
  const input = { limitInputPixels: maxPixels + 1, failOn: "error" as const, pages: 1 };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, input).metadata();
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error).message)))
      throw refuse("VALIDATION", UPLOAD_MESSAGES.tooManyPixels);
    throw refuse("VALIDATION", UPLOAD_MESSAGES.unreadable);
  }
  // The decoder must agree with the signature: a file that starts like a PNG and decodes as something else is refused.
  if (metadata.format !== DECODER[type] || (type === "avif" && metadata.compression !== "av1")) {
    throw refuse("UNSUPPORTED_MEDIA_TYPE", UPLOAD_MESSAGES.unsupported);
  }
  const { width: uprightWidth, height: uprightHeight } = metadata.autoOrient;
  if (!uprightWidth || !uprightHeight) throw refuse("VALIDATION", UPLOAD_MESSAGES.unreadable);
  if (uprightWidth * uprightHeight > maxPixels) throw refuse("VALIDATION", UPLOAD_MESSAGES.tooManyPixels);

  const largest = Math.min(uprightWidth, UPLOAD_WIDTHS[UPLOAD_WIDTHS.length - 1]);
  const largestHeight = Math.max(1, Math.round((uprightHeight * largest) / uprightWidth));
  const hash = crypto
    .createHash("sha256")
    .update(ENCODING_VERSION)
    .update("\0")
    .update(bytes)
    .digest("hex")
    .slice(0, 32);
  // One decode of the upload, upright and already at the largest size; the smaller sizes are made
  // from those pixels, one after another, so a 40-megapixel file is held in memory once and
  // briefly. WebP output carries no EXIF, XMP or ICC unless asked to (sharp converts to sRGB).
  try {
    const { data, info } = await sharp(bytes, input)
      .autoOrient()
      .resize(largest, largestHeight, { fit: "fill" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const sizes: EncodedImage["sizes"] = [];
    for (const size of uploadSizes(hash, largest, largestHeight)) {
      const body = await sharp(data, pixels)
        .resize(size.width, size.height, { fit: "fill" })
        .webp({ quality: 80, effort: 4 })
        .toBuffer();
      sizes.push({ ...size, body });
    }
    return { hash, src: sizes[sizes.length - 1]!.src, width: largest, height: largestHeight, type, sizes };
  } catch {
    // A truncated or damaged body past a valid header fails here, on decoding.
    throw refuse("VALIDATION", UPLOAD_MESSAGES.unreadable);
  }
}
