import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactSubmissions, contactThreadEntries } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { inboxTarget, lockInboxMessage } from "./inbox-message-row.ts";

/**
 * Answers a message by email. The reply is written to the thread as an outbox row in the same
 * transaction that marks the message answered (and audits both), so a reply is never lost nor
 * sent for a change that rolled back; deliver-inbox-replies.ts sends it after commit.
 */
export async function replyToInboxMessage(options: {
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
        kind: "reply",
        authorId: actor.userId,
        authorLabel: actor.label,
        body,
        createdAt: now,
        nextAttemptAt: now,
      })
      .returning({ id: contactThreadEntries.id });
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
    return { entryId: entry!.id, email: row.email };
  });
}
