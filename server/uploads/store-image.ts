import { encodeImage, type EncodedImage } from "./encode-image.ts";
import type { UploadStore } from "./upload-store-types.ts";
import { getUploadStore } from "./upload-store.ts";

/*
 * The uploads domain's door for the others: check and re-encode an uploaded file,
 * then write each of its sizes to the store. Files are named by content, so storing the same
 * image twice writes the same bytes under the same names: one object.
 */

export type StoredImage = Omit<EncodedImage, "sizes"> & { sizes: { width: number; height: number; src: string }[] };

export async function storeImage(options: {
  bytes: Uint8Array;
  store?: UploadStore;
  maxPixels?: number;
}): Promise<StoredImage> {
  const encoded = await encodeImage(options.bytes, { maxPixels: options.maxPixels });
  const store = options.store ?? getUploadStore();
  // Smallest first: once the largest (the address pages hold) exists, every size does.
  for (const size of encoded.sizes) await store.put(size.src.slice("/uploads/".length), size.body, "image/webp");
  return { ...encoded, sizes: encoded.sizes.map(({ width, height, src }) => ({ width, height, src })) };
}
