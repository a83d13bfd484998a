import { and, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { profiles, session } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { MEMBER_GONE } from "./add-member-note.ts";

/**
 * Ends every session of the member at once. Better Auth reads sessions from its session table
 * on every request (no cookie cache is on), so deleting the rows signs every device out on its
 * next request. Audited with how many sessions were open before.
 */
export async function signOutMemberEverywhere(options: {
  db: DbOrTx;
  memberId: string;
  actor: StaffActor;
  /** Set when a larger change (a ban) records its own audit row. */
  audit?: boolean;
  now?: Date;
}) {
  const { db, memberId, actor } = options;
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, memberId));
    if (!member) throw new AppError("NOT_FOUND", MEMBER_GONE);
    const open = await tx
      .select({ id: session.id })
      .from(session)
      .where(and(eq(session.userId, memberId), gt(session.expiresAt, now)));
    await tx.delete(session).where(eq(session.userId, memberId));
    if (options.audit !== false) {
      await recordAuditEvent({
        tx,
        actor,
        action: "member.sign-out-everywhere",
        target: { type: "member", id: memberId },
        summary: `Signed the member out everywhere (${open.length === 1 ? "1 session" : `${open.length} sessions`})`,
        before: { sessions: open.length },
        after: { sessions: 0 },
      });
    }
    return { revoked: open.length };
  });
}
