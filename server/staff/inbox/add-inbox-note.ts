import { recordAuditEvent } from "../record-audit-event.ts";
import { inboxTarget, insertThreadEntry, type ThreadEntryOptions } from "./inbox-message-row.ts";

/** Adds an internal note to a message's thread: for the staff only, never emailed. Audited. */
export async function addInboxNote(options: ThreadEntryOptions) {
  const { db, messageId, body, actor, now = new Date() } = options;
  return db.transaction(async (tx) => {
    const { row, entryId } = await insertThreadEntry({ tx, messageId, kind: "note", body, actor, now });
    await recordAuditEvent({
      tx,
      actor,
      action: "inbox.note_added",
      target: inboxTarget(messageId),
      summary: `Added an internal note to the message from ${row.email}`,
      before: null,
      after: { note: body },
      now,
    });
    return { entryId };
  });
}
