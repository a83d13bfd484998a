import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { blogPosts, postAnnouncements } from "../../../db/schema.ts";
import { AppError } from "../../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../../record-audit-event.ts";
import { postNotFound } from "../post-rows.ts";

/**
 * A failed announcement goes back in the queue, its tries counted afresh: the Retry button of
 * the list and the editor. Only a failed one (a pending one is on its way; a sent one is in the
 * channel) of a post still published. Audited with the reason it had failed.
 */
export async function retryPostAnnouncement(options: { db: Db; postId: number; actor: StaffActor }) {
  const { db, postId, actor } = options;
  return db.transaction(async (tx) => {
    const [post] = await tx.select().from(blogPosts).where(eq(blogPosts.id, postId));
    if (!post) throw postNotFound();
    const [row] = await tx.select().from(postAnnouncements).where(eq(postAnnouncements.postId, postId)).for("update");
    if (!row || row.status !== "failed")
      throw new AppError("CONFLICT", "There is no failed announcement to retry: reload the page.");
    if (!post.published) throw new AppError("CONFLICT", "Publish the post before announcing it again.");
    await tx
      .update(postAnnouncements)
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
      .where(eq(postAnnouncements.postId, postId));
    await recordAuditEvent({
      tx,
      actor,
      action: "post.announcement-retried",
      target: { type: "post", id: String(postId) },
      summary: `Telegram announcement of “${post.title}” sent again`,
      before: { status: "failed", error: row.lastError },
      after: { status: "pending" },
    });
    return { id: postId, title: post.title };
  });
}
