import crypto from "node:crypto";
import { lt } from "drizzle-orm";
import type { PostFields } from "~/lib/validation/admin/posts";
import type { Db } from "../../db/client.ts";
import { blogPreviews } from "../../db/schema.ts";
import type { StaffActor } from "../record-audit-event.ts";
import { cleanPostBody } from "./post-rows.ts";

/** How long a preview's address keeps working. */
export const PREVIEW_TTL_MS = 24 * 60 * 60_000;

/**
 * Keeps what the editor holds (saved or not) for the preview tab, its body cleaned
 * as a save would clean it; previews older than a day go. Not audited: it changes nothing anyone
 * else sees, and the preview page is staff-only.
 */
export async function createPostPreview(options: {
  db: Db;
  postId: number | null;
  fields: PostFields;
  actor: StaffActor;
  now?: Date;
}): Promise<{ id: string }> {
  const { db } = options;
  const now = options.now ?? new Date();
  const id = crypto.randomBytes(16).toString("hex");
  await db.transaction(async (tx) => {
    await tx.delete(blogPreviews).where(lt(blogPreviews.createdAt, new Date(now.getTime() - PREVIEW_TTL_MS)));
    await tx.insert(blogPreviews).values({
      id,
      postId: options.postId,
      createdBy: options.actor.userId ?? options.actor.label,
      post: { ...previewFields(options.fields), content: cleanPostBody(options.fields.content) },
      createdAt: now,
    });
  });
  return { id };
}

/** What the preview page renders: the texts (the Telegram choice is no part of the page). */
function previewFields(fields: PostFields): Omit<PostFields, "announceTelegram"> {
  const { announceTelegram: _announce, ...texts } = fields;
  return texts;
}
