/*
 * Uploaded images, as both sides see them: the limits, and the addresses of an
 * upload's sizes. An upload is stored as WebP in a few widths, each named by the hash of the
 * uploaded file and its own size (`/uploads/<hash>-<width>x<height>.webp`). Pages and rich text
 * hold the largest one's address; every other size, the srcset and the width and height that keep
 * the layout still are worked out from that address alone, so nothing else needs storing.
 */

/** The most an uploaded file may hold. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** The widths an upload is resized to; never enlarged, so a smaller image stops at its own width. */
export const UPLOAD_WIDTHS = [480, 960, 1600] as const;

export const UPLOAD_MESSAGES = {
  missing: "Choose an image file to upload.",
  tooLarge: "The image is larger than 5 MB. Choose a smaller file.",
  unsupported: "This file is not an image we accept. Upload a JPEG, PNG, WebP, GIF or AVIF image.",
  svg: "SVG files are not accepted (they can carry scripts). Upload a JPEG, PNG, WebP, GIF or AVIF image.",
  unreadable: "The image could not be read. It may be damaged; try exporting it again.",
  tooManyPixels: "The image has too many pixels (at most 40 megapixels). Resize it and try again.",
} as const;

/** The sizes attribute of images in an article's body: the text column is at most 48rem wide. */
export const BODY_IMAGE_SIZES = "(min-width: 48rem) 48rem, 100vw";

export type UploadSize = { width: number; height: number; src: string };

const UPLOAD_PATH = /^\/uploads\/([0-9a-f]{32})-([1-9]\d{0,4})x([1-9]\d{0,4})\.webp$/;

/** The address of one size of an upload. */
export function uploadPath(hash: string, width: number, height: number): string {
  return `/uploads/${hash}-${width}x${height}.webp`;
}

/** An upload's hash and largest size, from its address; null for any other address. */
export function parseUploadPath(src: string): { hash: string; width: number; height: number } | null {
  const match = UPLOAD_PATH.exec(src);
  if (!match) return null;
  return { hash: match[1]!, width: Number(match[2]), height: Number(match[3]) };
}

/**
 * Every size of an upload whose largest size is `width` x `height`: the standard widths below
 * it, then itself. Heights follow from the largest size, the same way on both sides.
 */
export function uploadSizes(hash: string, width: number, height: number): UploadSize[] {
  const widths = [...UPLOAD_WIDTHS.filter((w) => w < width), width];
  return widths.map((w) => {
    const h = w === width ? height : Math.max(1, Math.round((height * w) / width));
    return { width: w, height: h, src: uploadPath(hash, w, h) };
  });
}

/**
 * What an <img> of this address needs: for an upload, the srcset of its sizes and its intrinsic
 * width and height; for any other address (seeded /images/…), the address alone.
 */
export function imageAttributes(src: string): { src: string; srcSet?: string; width?: number; height?: number } {
  const upload = parseUploadPath(src);
  if (!upload) return { src };
  const sizes = uploadSizes(upload.hash, upload.width, upload.height);
  return {
    src,
    srcSet: sizes.map((size) => `${size.src} ${size.width}w`).join(", "),
    width: upload.width,
    height: upload.height,
  };
}

/** Where the back office posts an image (multipart/form-data, field `file`). */
export const UPLOAD_ENDPOINT = "/api/admin/images";

/** The most an upload's whole body may hold: the file and the form's few other bytes. */
export const UPLOAD_BODY_MAX_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;
