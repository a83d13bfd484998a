/** One stored upload, as a store hands it back. */
export type StoredObject = { body: Buffer; contentType: string };

/** Where uploaded images live: a folder (local-store) or a bucket (s3-store). */
export type UploadStore = {
  /** Writes an object (the same name always holds the same bytes, so a second write is harmless). */
  put: (name: string, body: Buffer, contentType: string) => Promise<void>;
  /** Reads an object, or null when there is none of that name. */
  get: (name: string) => Promise<StoredObject | null>;
};
