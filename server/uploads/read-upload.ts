import type { StoredObject } from "./upload-store-types.ts";
import { getUploadStore, OBJECT_NAME } from "./upload-store.ts";

/**
 * One stored size of an upload by its file name, for /uploads/…; null for a name
 * that is not an upload's or that the store does not hold.
 */
export async function readUpload(name: string): Promise<StoredObject | null> {
  if (!OBJECT_NAME.test(name)) return null;
  return getUploadStore().get(name);
}
