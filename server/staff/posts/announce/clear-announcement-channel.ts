import type { Db } from "../../../db/client.ts";
import { announcementChannel } from "../../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../../record-audit-event.ts";
import { getAnnouncementChannel } from "./get-announcement-channel.ts";

/**
 * No channel any more: posts are no longer announced (an announcement still waiting fails with
 * that reason when its turn comes, and can be retried once a channel is set). Audited.
 */
export async function clearAnnouncementChannel(options: { db: Db; actor: StaffActor }) {
  const { db, actor } = options;
  return db.transaction(async (tx) => {
    const before = await getAnnouncementChannel({ db: tx });
    if (!before) return { changed: false };
    await tx.delete(announcementChannel);
    await recordAuditEvent({
      tx,
      actor,
      action: "telegram.channel-cleared",
      target: { type: "telegram-channel", id: before.chatId },
      summary: `Posts are no longer announced in “${before.title}”`,
      before: { chatId: before.chatId, title: before.title, username: before.username },
      after: null,
    });
    return { changed: true };
  });
}
