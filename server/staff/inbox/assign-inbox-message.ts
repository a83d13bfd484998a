import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactSubmissions, user } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { inboxTarget, lockInboxMessage } from "./inbox-message-row.ts";
import { INBOX_ROLES } from "./list-inbox-assignees.ts";

/**
 * Gives a message to a staff member who may read the inbox (`assigneeId` null: to nobody).
 * Audited with both people's addresses; a no-op when unchanged.
 */
export async function assignInboxMessage(options: {
  db: Db;
  messageId: number;
  assigneeId: string | null;
  actor: StaffActor;
  now?: Date;
}) {
  const { db, messageId, assigneeId, actor, now = new Date() } = options;
  return db.transaction(async (tx) => {
    const row = await lockInboxMessage({ tx, id: messageId });
    let assignee: { id: string; email: string } | null = null;
    if (assigneeId !== null) {
      [assignee = null] = await tx
        .select({ id: user.id, email: user.email })
        .from(user)
        .where(and(eq(user.id, assigneeId), inArray(user.role, [...INBOX_ROLES])));
      if (!assignee)
        throw new AppError("VALIDATION", "Choose a staff member who can read the inbox.", {
          fieldErrors: { assignee: "Choose a staff member who can read the inbox." },
        });
    }
    if (row.assignedTo === assigneeId) return { changed: false, assignee: assignee?.email ?? null };
    const [previous] = row.assignedTo
      ? await tx.select({ email: user.email }).from(user).where(eq(user.id, row.assignedTo))
      : [];
    await tx
      .update(contactSubmissions)
      .set({ assignedTo: assigneeId, updatedAt: now })
      .where(eq(contactSubmissions.id, messageId));
    await recordAuditEvent({
      tx,
      actor,
      action: "inbox.assigned",
      target: inboxTarget(messageId),
      summary: assignee
        ? `Assigned the message from ${row.email} to ${assignee.email}`
        : `Took the message from ${row.email} off ${previous?.email ?? "its assignee"}`,
      before: { assignedTo: previous?.email ?? null },
      after: { assignedTo: assignee?.email ?? null },
      now,
    });
    return { changed: true, assignee: assignee?.email ?? null };
  });
}
