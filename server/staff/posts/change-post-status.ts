import { eq } from "drizzle-orm";
import type { PostStatus } from "~/lib/validation/admin/posts";
import type { Db } from "../../db/client.ts";
import { blogPosts } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { queuePostAnnouncement } from "./announce/queue-post-announcement.ts";
import { postNotFound, statusOf } from "./post-rows.ts";

export type PostStatusChange = "unschedule" | "unpublish" | "archive" | "restore";

/** Which statuses each change applies to, and where it leaves the post. */
const CHANGES: Record<PostStatusChange, { from: readonly PostStatus[]; to: PostStatus; verb: string }> = {
  unschedule: { from: ["scheduled"], to: "draft", verb: "unscheduled (back to draft)" },
  unpublish: { from: ["published"], to: "draft", verb: "unpublished (back to draft)" },
  archive: { from: ["draft", "scheduled", "published"], to: "archived", verb: "archived" },
  restore: { from: ["archived"], to: "draft", verb: "restored as a draft" },
};

/**
 * The editor's status buttons that save no fields: unschedule, unpublish, archive
 * (off /blog, the feed and the sitemap; its old addresses answer 404) and restore. Audited in
 * the same transaction; a change that does not apply to the post's status writes nothing.
 */
export async function changePostStatus(options: {
  db: Db;
  id: number;
  change: PostStatusChange;
  actor: StaffActor;
  now?: Date;
}) {
  const { db, id, change, actor } = options;
  const now = options.now ?? new Date();
  const rule = CHANGES[change];
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
    if (!row) throw postNotFound();
    const status = statusOf(row);
    if (!rule.from.includes(status)) return { id, title: row.title, status, changed: false };
    await tx
      .update(blogPosts)
      .set({ published: false, scheduledAt: null, archivedAt: rule.to === "archived" ? now : null })
      .where(eq(blogPosts.id, id));
    // An announcement not sent yet is for a post that is no longer going public.
    await queuePostAnnouncement({ tx, postId: id, announce: false });
    await recordAuditEvent({
      tx,
      actor,
      now,
      action: `post.${change === "unschedule" ? "unscheduled" : change === "unpublish" ? "unpublished" : change === "archive" ? "archived" : "restored"}`,
      target: { type: "post", id: String(id) },
      summary: `Post “${row.title}” ${rule.verb}`,
      before: { status, scheduledAt: row.scheduledAt?.toISOString() ?? null },
      after: { status: rule.to },
    });
    return { id, title: row.title, status: rule.to, changed: true };
  });
}
