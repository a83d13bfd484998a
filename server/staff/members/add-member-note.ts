import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { memberNotes, profiles } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";

export const MEMBER_GONE = "This member no longer exists.";

/** Adds an internal note to a member (staff only, never shown to them); audited with the note's text. */
export async function addMemberNote(options: { db: DbOrTx; memberId: string; body: string; actor: StaffActor }) {
  const { db, memberId, body, actor } = options;
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, memberId));
    if (!member) throw new AppError("NOT_FOUND", MEMBER_GONE);
    const [note] = await tx
      .insert(memberNotes)
      .values({ userId: memberId, authorId: actor.userId, authorLabel: actor.label, body })
      .returning({ id: memberNotes.id });
    await recordAuditEvent({
      tx,
      actor,
      action: "member.note",
      target: { type: "member", id: memberId },
      summary: "Added an internal note",
      before: null,
      after: { note: body },
    });
    return { id: note!.id };
  });
}
