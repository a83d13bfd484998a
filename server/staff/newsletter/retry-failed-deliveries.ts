import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { blogPosts } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { failedDeliverySql } from "./list-newsletter-deliveries.ts";

/**
 * Gives a post's failed new-post emails (the sender gave up after its last attempt) a fresh
 * round of attempts, due now; the sender's next run picks them up. Emails sent,
 * skipped or still being tried are untouched, so nobody gets the post twice. Audited.
 */
export async function retryFailedDeliveries(options: { db: Db; postId: number; actor: StaffActor }) {
  const { db, postId, actor } = options;
  return db.transaction(async (tx) => {
    const [post] = await tx.select({ title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.id, postId));
    if (!post) throw new AppError("NOT_FOUND", "That post no longer exists.");
    const retried = await tx.execute<{ id: string }>(sql`
      update newsletter_deliveries d
      set attempts = 0, next_attempt_at = now()
      where d.post_id = ${postId} and ${failedDeliverySql("d")}
      returning d.id::text as id`);
    const count = retried.rows.length;
    if (count === 0) return { title: post.title, count };
    await recordAuditEvent({
      tx,
      actor,
      action: "newsletter.deliveries_retried",
      target: { type: "post", id: String(postId) },
      summary: `Retried ${count} failed newsletter email${count === 1 ? "" : "s"} of “${post.title}”`,
      before: { failed: count },
      after: { queued: count },
    });
    return { title: post.title, count };
  });
}
