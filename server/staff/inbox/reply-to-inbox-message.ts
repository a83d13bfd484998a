import { eq } from "drizzle-orm";
import { contactSubmissions } from "../../db/schema.ts";
import { recordAuditEvent } from "../record-audit-event.ts";
import { inboxTarget, insertThreadEntry, type ThreadEntryOptions } from "./inbox-message-row.ts";

/**
 * Answers a message by email. The reply is written to the thread as an outbox row in the same
 * transaction that marks the message answered (and audits both), so a reply is never lost nor
 * sent for a change that rolled back; deliver-inbox-replies.ts sends it after commit.
 */
export async function replyToInboxMessage(options: ThreadEntryOptions) {
  const { db, messageId, body, actor, now = new Date() } = options;
  return db.transaction(async (tx) => {
    const { row, entryId } = await insertThreadEntry({ tx, messageId, kind: "reply", body, actor, now });
    await tx
      .update(contactSubmissions)
      .set({ status: "answered", updatedAt: now })
      .where(eq(contactSubmissions.id, messageId));
    await recordAuditEvent({
      tx,
      actor,
      action: "inbox.replied",
      target: inboxTarget(messageId),
      summary: `Replied by email to ${row.email}`,
      before: { status: row.status },
      after: { status: "answered", reply: body },
      now,
    });
    return { entryId, email: row.email };
  });
}
