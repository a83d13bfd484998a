import type { Db } from "../db/client.ts";
import { uploadedImages } from "../db/schema.ts";
import { storeImage } from "../uploads/store-image.ts";
import { recordAuditEvent, type StaffActor } from "./record-audit-event.ts";

/**
 * A staff member uploads an image: checked by content and re-encoded, its sizes
 * written to the store, then its row (the first upload of a file makes it; the same file again
 * finds it) and the audit row in one transaction. Files come first: should the transaction fail,
 * what is left is an unreferenced file, never a row or a page pointing at nothing.
 */
export async function uploadImage(options: { db: Db; bytes: Uint8Array; fileName: string; actor: StaffActor }) {
  const image = await storeImage({ bytes: options.bytes });
  return options.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(uploadedImages)
      .values({
        hash: image.hash,
        src: image.src,
        width: image.width,
        height: image.height,
        originalType: image.type,
        originalBytes: options.bytes.byteLength,
        uploadedBy: options.actor.userId,
      })
      .onConflictDoNothing()
      .returning({ hash: uploadedImages.hash });
    const isNew = inserted.length > 0;
    // The uploader's file name is theirs to read in the log, never part of an address.
    const fileName = [...options.fileName]
      .filter((char) => char >= " " && char !== "\u007f")
      .join("")
      .slice(0, 200);
    await recordAuditEvent({
      tx,
      actor: options.actor,
      action: "image.uploaded",
      target: { type: "image", id: image.hash },
      summary: `Image “${fileName || "unnamed"}” uploaded (${image.width}×${image.height})${isNew ? "" : ", already stored"}`,
      before: null,
      after: {
        src: image.src,
        width: image.width,
        height: image.height,
        type: image.type,
        bytes: options.bytes.byteLength,
        fileName,
        new: isNew,
      },
    });
    return { src: image.src, width: image.width, height: image.height, sizes: image.sizes, created: isNew };
  });
}
