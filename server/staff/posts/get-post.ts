import { eq } from "drizzle-orm";
import type { AdminPost } from "~/lib/view-types/admin/posts";
import type { DbOrTx } from "../../db/client.ts";
import { blogPosts } from "../../db/schema.ts";
import { readAnnouncements } from "./announce/announcement-rows.ts";
import { toAdminPost } from "./post-rows.ts";

/** One post for the editor, whatever its status, with its Telegram announcement, or null. */
export async function getPost(options: { db: DbOrTx; id: number }): Promise<AdminPost | null> {
  const [row] = await options.db.select().from(blogPosts).where(eq(blogPosts.id, options.id));
  if (!row) return null;
  const announcements = await readAnnouncements({ db: options.db, postIds: [row.id] });
  return toAdminPost(row, announcements.get(row.id) ?? null);
}
