import { eq } from "drizzle-orm";
import type { InboxStatus } from "~/lib/view-types/admin/inbox";
import type { Db } from "../../db/client.ts";
import { contactSubmissions } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { inboxTarget, lockInboxMessage } from "./inbox-message-row.ts";

/** Moves a message to another status (new, open, answered, closed); audited, a no-op when unchanged. */
export async function changeInboxStatus(options: {
  db: Db;
  messageId: number;
  status: InboxStatus;
  actor: StaffActor;
  now?: Date;
}) {
  const { db, messageId, status, actor, now = new Date() } = options;
  return db.transaction(async (tx) => {
    const row = await lockInboxMessage({ tx, id: messageId });
    if (row.status === status) return { changed: false };
    await tx.update(contactSubmissions).set({ status, updatedAt: now }).where(eq(contactSubmissions.id, messageId));
    await recordAuditEvent({
      tx,
      actor,
      action: "inbox.status_changed",
      target: inboxTarget(messageId),
      summary: `Marked the message from ${row.email} ${status}`,
      before: { status: row.status },
      after: { status },
      now,
    });
    return { changed: true };
  });
}
