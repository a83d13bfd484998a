import { eq } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import { contactSubmissions, contactThreadEntries } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import type { StaffActor } from "../record-audit-event.ts";

export const INBOX_TARGET = "contact_message";

/** The audit target of one contact message. */
export const inboxTarget = (id: number) => ({ type: INBOX_TARGET, id: String(id) });

/** One message, locked for the change the caller's transaction makes; 404 when it is gone. */
export async function lockInboxMessage({ tx, id }: { tx: DbOrTx; id: number }) {
  const [row] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)).for("update");
  if (!row) throw new AppError("NOT_FOUND", "That message no longer exists.");
  return row;
}

/** What a staff member writes to a message's thread (a note, or a reply to email). */
export type ThreadEntryOptions = { db: Db; messageId: number; body: string; actor: StaffActor; now?: Date };

/**
 * Locks the message and writes a staff entry to its thread in the caller's transaction. A reply
 * is an outbox row, due to be emailed at once; a note is never emailed, so its next attempt is left the
 * column's default.
 */
export async function insertThreadEntry(options: {
  tx: Tx;
  messageId: number;
  kind: "note" | "reply";
  body: string;
  actor: StaffActor;
  now: Date;
}) {
  const { tx, messageId, kind, body, actor, now } = options;
  const row = await lockInboxMessage({ tx, id: messageId });
  const [entry] = await tx
    .insert(contactThreadEntries)
    .values({
      submissionId: messageId,
      kind,
      authorId: actor.userId,
      authorLabel: actor.label,
      body,
      createdAt: now,
      ...(kind === "reply" ? { nextAttemptAt: now } : {}),
    })
    .returning({ id: contactThreadEntries.id });
  return { row, entryId: entry!.id };
}
