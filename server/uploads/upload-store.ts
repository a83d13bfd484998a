import fs from "node:fs/promises";
import path from "node:path";
import { getConfig, type Config } from "../config.ts";
import { createS3Store } from "./s3-store.ts";
import type { StoredObject, UploadStore } from "./upload-store-types.ts";

/*
 * Where uploaded images live: a folder under DATA_DIR by default, or an
 * S3-compatible bucket when the S3_* variables are set (several instances then share it).
 * Objects are named by content, written once and never changed, so neither store needs locking.
 */

export type { StoredObject, UploadStore };

/** Objects are named `<hash>-<width>x<height>.webp`; nothing else is ever read or written. */
export const OBJECT_NAME = /^[0-9a-f]{32}-[1-9]\d{0,4}x[1-9]\d{0,4}\.webp$/;

function assertName(name: string) {
  if (!OBJECT_NAME.test(name)) throw new Error(`Not an upload's name: ${JSON.stringify(name)}`);
}

/** A folder on this machine's disk (DATA_DIR/uploads by default). */
export function createLocalStore(folder: string): UploadStore {
  return {
    async put(name, body) {
      assertName(name);
      await fs.mkdir(folder, { recursive: true, mode: 0o750 });
      const file = path.join(folder, name);
      // Written aside and renamed into place, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.${Date.now()}.partial`;
      await fs.writeFile(partial, body, { mode: 0o640 });
      await fs.rename(partial, file);
    },
    async get(name) {
      assertName(name);
      try {
        return { body: await fs.readFile(path.join(folder, name)), contentType: "image/webp" };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}

/** The store the configuration names: the bucket when S3_* is set, else DATA_DIR/uploads. */
export function uploadStoreFor(config: Pick<Config, "dataDir" | "s3">): UploadStore {
  const store = config.s3 ? createS3Store(config.s3) : createLocalStore(path.join(config.dataDir, "uploads"));
  return {
    put: (name, body, type) => (assertName(name), store.put(name, body, type)),
    get: (name) => (assertName(name), store.get(name)),
  };
}

export function getUploadStore(): UploadStore {
  return uploadStoreFor(getConfig());
}
