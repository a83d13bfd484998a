import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactSubmissions } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { inboxTarget, lockInboxMessage } from "./inbox-message-row.ts";

/**
 * A staff member opened a new message: it becomes "open", audited like any status change, so
 * the inbox's "new" means nobody has read it yet. Only a message still "new" moves: one that
 * someone answered, closed or set back to new meanwhile keeps what they chose.
 * The message's page posts this when it opens (pages read with GET and write nothing).
 */
export async function openInboxMessage(options: { db: Db; messageId: number; actor: StaffActor; now?: Date }) {
  const { db, messageId, actor, now = new Date() } = options;
  return db.transaction(async (tx) => {
    const row = await lockInboxMessage({ tx, id: messageId });
    if (row.status !== "new") return { changed: false };
    await tx
      .update(contactSubmissions)
      .set({ status: "open", updatedAt: now })
      .where(eq(contactSubmissions.id, messageId));
    await recordAuditEvent({
      tx,
      actor,
      action: "inbox.status_changed",
      target: inboxTarget(messageId),
      summary: `Opened the new message from ${row.email}`,
      before: { status: "new" },
      after: { status: "open" },
      now,
    });
    return { changed: true };
  });
}
