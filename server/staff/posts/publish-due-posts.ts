import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { blogPosts } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { queuePostAnnouncement } from "./announce/queue-post-announcement.ts";
import { dayOf } from "./post-rows.ts";

/** Who the audit log names for a post the job published. */
export const SCHEDULER: StaffActor = { userId: null, label: "scheduler", role: "system" };

/**
 * Publishes every scheduled post whose time has come, oldest first, each in its own
 * transaction with its audit row. Claimed with FOR UPDATE SKIP LOCKED, so every instance may
 * run it at once. A post that asks to be announced in Telegram has its announcement queued in
 * the same transaction (the announcer sends it). Publishing sets published_at (trigger), which the newsletter job announces as
 * it does any new post; the page cache empties by the blog table's trigger.
 */
export async function publishDuePosts(options: { db: Db; now?: Date }): Promise<number> {
  const { db } = options;
  const now = options.now ?? new Date();
  const due = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(isNotNull(blogPosts.scheduledAt), lte(blogPosts.scheduledAt, now), eq(blogPosts.published, false)))
    .orderBy(asc(blogPosts.scheduledAt), asc(blogPosts.id));
  let published = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(blogPosts)
        .where(
          and(
            eq(blogPosts.id, id),
            isNotNull(blogPosts.scheduledAt),
            lte(blogPosts.scheduledAt, now),
            eq(blogPosts.published, false),
          ),
        )
        .for("update", { skipLocked: true });
      if (!row) return false;
      await tx
        .update(blogPosts)
        .set({ published: true, date: row.publishedAt ? row.date : dayOf(now) })
        .where(eq(blogPosts.id, id));
      await queuePostAnnouncement({ tx, postId: id, announce: row.announceTelegram });
      await recordAuditEvent({
        tx,
        actor: SCHEDULER,
        now,
        action: "post.published",
        target: { type: "post", id: String(id) },
        summary: `Post “${row.title}” published on schedule`,
        before: { status: "scheduled", scheduledAt: row.scheduledAt!.toISOString() },
        after: { status: "published" },
      });
      return true;
    });
    if (done) published++;
  }
  return published;
}
