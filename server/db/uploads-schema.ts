// Uploaded images. Re-exported from schema.ts.
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { user } from "./auth-schema.ts";
import { createdAt } from "./columns.ts";

/**
 * One row per distinct uploaded image (its files live in DATA_DIR/uploads or the bucket, named by
 * the same hash): what it is, who first uploaded it and when. The same file uploaded again is
 * the same row and the same files.
 */
export const uploadedImages = pgTable(
  "uploaded_images",
  {
    /** The uploaded file's hash, the first part of every one of its files' names. */
    hash: text("hash").primaryKey(),
    /** The largest size's address, e.g. /uploads/<hash>-1600x900.webp: what pages and bodies hold. */
    src: text("src").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The format the file came in (jpeg, png, webp, gif, avif) and its size in bytes. */
    originalType: text("original_type").notNull(),
    originalBytes: integer("original_bytes").notNull(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("uploaded_images_hash_shape", sql`${t.hash} ~ '^[0-9a-f]{32}$'`),
    check("uploaded_images_size_positive", sql`${t.width} > 0 AND ${t.height} > 0 AND ${t.originalBytes} > 0`),
  ],
);
