import { and, eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { postAnnouncements } from "../../../db/schema.ts";

/**
 * Called in the transaction that leaves a post published: queues its announcement when the
 * post asks for one (once for good: the row is keyed by the post, so publishing again, or two
 * instances publishing it on schedule, adds nothing), or takes back one still waiting when the
 * post no longer asks. Sent or failed ones stay as they are.
 */
export async function queuePostAnnouncement(options: { tx: Tx; postId: number; announce: boolean }) {
  const { tx, postId, announce } = options;
  if (announce) {
    await tx.insert(postAnnouncements).values({ postId }).onConflictDoNothing();
    return;
  }
  await tx
    .delete(postAnnouncements)
    .where(and(eq(postAnnouncements.postId, postId), eq(postAnnouncements.status, "pending")));
}
