import { eq, inArray, sql } from "drizzle-orm";
import type { PostAnnouncementView } from "~/lib/view-types/admin/posts";
import type { Db, DbOrTx } from "../../../db/client.ts";
import { postAnnouncements } from "../../../db/schema.ts";

/** A claimed announcement: `sending` when a run died during its call (it may have gone out). */
export type ClaimedAnnouncement = { post_id: number; status: "pending" | "sending"; attempts: number };

/**
 * Claims the oldest due announcement (or `postId`'s) with FOR UPDATE SKIP LOCKED and a lease
 * of `leaseSeconds`, its try counted: two instances asking at once get different rows, or one
 * of them none, and a run that dies leaves the row to the next one after the lease.
 */
export async function claimDueAnnouncement({
  db,
  ...options
}: {
  db: Db;
  leaseSeconds: number;
  postId?: number;
}): Promise<ClaimedAnnouncement | null> {
  const only = options.postId === undefined ? sql`` : sql`and post_id = ${options.postId}`;
  const claimed = await db.execute<ClaimedAnnouncement>(sql`
    with due as (
      select post_id from post_announcements
      where status in ('pending', 'sending') and next_attempt_at <= now() ${only}
      order by next_attempt_at, post_id
      limit 1
      for update skip locked
    )
    update post_announcements a
    set next_attempt_at = now() + make_interval(secs => ${options.leaseSeconds}), attempts = a.attempts + 1,
      updated_at = now()
    from due where a.post_id = due.post_id
    returning a.post_id, a.status, a.attempts`);
  const row = claimed.rows[0];
  return row ? { ...row, post_id: Number(row.post_id), attempts: Number(row.attempts) } : null;
}

/** pending → sending just before the call; false when another run got there first. */
export async function markSending({ db, postId, chatId }: { db: Db; postId: number; chatId: number }) {
  const rows = await db.execute(sql`
    update post_announcements set status = 'sending', chat_id = ${chatId}, updated_at = now()
    where post_id = ${postId} and status = 'pending' returning post_id`);
  return rows.rows.length > 0;
}

export async function recordSent({
  db,
  postId,
  message,
}: {
  db: Db;
  postId: number;
  message: { messageId: number; messageUrl: string | null };
}) {
  await db
    .update(postAnnouncements)
    .set({
      status: "sent",
      messageId: message.messageId,
      messageUrl: message.messageUrl,
      lastError: null,
      sentAt: new Date(),
    })
    .where(eq(postAnnouncements.postId, postId));
}

export async function recordFailed({ db, postId, error }: { db: Db; postId: number; error: string }) {
  await db
    .update(postAnnouncements)
    .set({ status: "failed", lastError: error.slice(0, 500) })
    .where(eq(postAnnouncements.postId, postId));
}

/** Not sent, due again after `delaySeconds` (its try not counted when `uncounted`: a 429's wait). */
export async function retryLater({
  db,
  postId,
  ...options
}: {
  db: Db;
  postId: number;
  delaySeconds: number;
  error: string;
  uncounted?: boolean;
}) {
  await db.execute(sql`
    update post_announcements
    set status = 'pending', next_attempt_at = now() + make_interval(secs => ${options.delaySeconds}),
      last_error = ${options.error.slice(0, 500)}, attempts = attempts - ${options.uncounted ? 1 : 0}, updated_at = now()
    where post_id = ${postId} and status in ('pending', 'sending')`);
}

/** The announcements of these posts, for the list and the editor. */
export async function readAnnouncements({
  db,
  postIds,
}: {
  db: DbOrTx;
  postIds: number[];
}): Promise<Map<number, PostAnnouncementView>> {
  if (postIds.length === 0) return new Map();
  const rows = await db.select().from(postAnnouncements).where(inArray(postAnnouncements.postId, postIds));
  return new Map(
    rows.map((row) => [
      row.postId,
      {
        status: row.status,
        error: row.status === "sent" ? null : row.lastError,
        messageUrl: row.messageUrl,
        sentAt: row.sentAt?.toISOString() ?? null,
      },
    ]),
  );
}

/** A link to a channel's message: public by username, else the t.me/c form its members can open. */
export function messageUrlOf(channel: { chatId: number; username: string | null }, messageId: number): string | null {
  if (channel.username) return `https://t.me/${channel.username}/${messageId}`;
  const id = String(channel.chatId);
  return id.startsWith("-100") ? `https://t.me/c/${id.slice(4)}/${messageId}` : null;
}
