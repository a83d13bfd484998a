import type { Db } from "../../db/client.ts";
import { contactThreadEntries } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { inboxTarget, lockInboxMessage } from "./inbox-message-row.ts";

/** Adds an internal note to a message's thread: for the staff only, never emailed. Audited. */
export async function addInboxNote(options: {
  db: Db;
  messageId: number;
  body: string;
  actor: StaffActor;
  now?: Date;
}) {
  const { db, messageId, body, actor, now = new Date() } = options;
  return db.transaction(async (tx) => {
    const row = await lockInboxMessage({ tx, id: messageId });
    const [entry] = await tx
      .insert(contactThreadEntries)
      .values({
        submissionId: messageId,
        kind: "note",
        authorId: actor.userId,
        authorLabel: actor.label,
        body,
        createdAt: now,
      })
      .returning({ id: contactThreadEntries.id });
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
    return { entryId: entry!.id };
  });
}
