import type { AnnouncementChannelView } from "~/lib/view-types/admin/posts";
import type { DbOrTx } from "../../../db/client.ts";
import { announcementChannel } from "../../../db/schema.ts";

/** The channel posts are announced in, or null when none is set. */
export async function getAnnouncementChannel(options: { db: DbOrTx }): Promise<AnnouncementChannelView | null> {
  const [row] = await options.db.select().from(announcementChannel).limit(1);
  if (!row) return null;
  return {
    chatId: String(row.chatId),
    title: row.title,
    username: row.username,
    updatedAt: row.updatedAt.toISOString(),
  };
}
