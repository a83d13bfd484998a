import { eq } from "drizzle-orm";
import { isStaffRole, ROLE_LABELS } from "~/lib/staff-roles";
import type { Db } from "../../../db/client.ts";
import { staffInvitations } from "../../../db/schema.ts";
import { AppError } from "../../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../../record-audit-event.ts";
import { invitationMessages } from "./invitation-messages.ts";
import { INVITATION_TTL_MS, newInvitationToken } from "./invitation-token.ts";
import { trySend } from "./invite-staff.ts";

/**
 * Revokes an open invitation, or sends it again. Resending makes a new link (only
 * the token's hash is stored, so the old link cannot be sent again) and a new 72 hours: the
 * old link stops working. Used or revoked invitations are refused. Audited.
 */
export async function changeStaffInvitation(options: {
  db: Db;
  id: number;
  change: "revoke" | "resend";
  actor: StaffActor;
  now?: Date;
}) {
  const { db, id, change, actor, now = new Date() } = options;
  const fresh = change === "resend" ? newInvitationToken() : null;
  const invitation = await db.transaction(async (tx) => {
    const [found] = await tx.select().from(staffInvitations).where(eq(staffInvitations.id, id)).for("update");
    if (!found) throw new AppError("NOT_FOUND", invitationMessages.notOpen);
    if (found.acceptedAt || found.revokedAt) throw new AppError("CONFLICT", invitationMessages.notOpen);
    const role = isStaffRole(found.role) ? ROLE_LABELS[found.role] : found.role;
    if (fresh) {
      const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
      await tx
        .update(staffInvitations)
        .set({ tokenHash: fresh.hash, sentAt: now, expiresAt })
        .where(eq(staffInvitations.id, id));
      await recordAuditEvent({
        tx,
        actor,
        action: "staff.invitation_resent",
        target: { type: "invitation", id: String(id) },
        summary: `Invitation of ${found.email} (${role}) sent again`,
        before: { expiresAt: found.expiresAt.toISOString() },
        after: { expiresAt: expiresAt.toISOString() },
        now,
      });
      return { ...found, expiresAt };
    }
    await tx.update(staffInvitations).set({ revokedAt: now }).where(eq(staffInvitations.id, id));
    await recordAuditEvent({
      tx,
      actor,
      action: "staff.invitation_revoked",
      target: { type: "invitation", id: String(id) },
      summary: `Invitation of ${found.email} (${role}) revoked`,
      before: { state: "open" },
      after: { state: "revoked" },
      now,
    });
    return found;
  });
  const sent =
    fresh && isStaffRole(invitation.role)
      ? await trySend({ to: invitation.email, role: invitation.role, invitedBy: actor.label, token: fresh.token })
      : true;
  return { id, email: invitation.email, change, expiresAt: invitation.expiresAt, sent };
}
