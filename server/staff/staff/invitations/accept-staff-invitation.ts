import { eq, sql } from "drizzle-orm";
import { ROLE_LABELS, type StaffRole } from "~/lib/staff-roles";
import type { Db, Tx } from "../../../db/client.ts";
import { staffInvitations, user } from "../../../db/schema.ts";
import { AppError } from "../../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../../record-audit-event.ts";
import { setStaffRoleIn } from "../set-staff-role.ts";
import { invitationState, notOpenError } from "./find-staff-invitation.ts";
import { invitationMessages } from "./invitation-messages.ts";
import { hashInvitationToken } from "./invitation-token.ts";

/**
 * Uses an invitation for the account of its address, inside the caller's transaction: the
 * invitation is locked and must still be open at `now` (single use: a second acceptance finds
 * it used), the address counts as verified (the person followed the link sent to it), the
 * invitation is marked accepted, and the role is set by setStaffRoleIn with its rules (the last
 * owner is never demoted, the account's sessions end, audited). The invitee is the actor.
 */
export async function acceptInvitationIn(options: { tx: Tx; token: string; accountId: string; now: Date }) {
  const { tx, now } = options;
  const [invitation] = await tx
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, hashInvitationToken(options.token)))
    .for("update");
  const state = invitationState(invitation, now);
  if (state !== "open") throw notOpenError(state);
  const [account] = await tx
    .select()
    .from(user)
    .where(sql`lower(${user.email}) = ${invitation!.email}`)
    .for("update");
  if (!account) throw new AppError("CONFLICT", invitationMessages.notOpen);
  if (account.id !== options.accountId) throw new AppError("FORBIDDEN", invitationMessages.otherAccount);
  const role = invitation!.role as StaffRole;
  const actor: StaffActor = { userId: account.id, label: account.email, role: "invitee" };
  if (!account.emailVerified)
    await tx.update(user).set({ emailVerified: true, updatedAt: now }).where(eq(user.id, account.id));
  await tx
    .update(staffInvitations)
    .set({ acceptedAt: now, acceptedBy: account.id })
    .where(eq(staffInvitations.id, invitation!.id));
  await recordAuditEvent({
    tx,
    actor,
    action: "staff.invitation_accepted",
    target: { type: "invitation", id: String(invitation!.id) },
    summary: `${account.email} accepted the invitation as ${ROLE_LABELS[role]} (invited by ${invitation!.invitedByLabel})`,
    before: { state: "open" },
    after: { state: "accepted" },
    now,
  });
  await setStaffRoleIn({ tx, email: account.email, role, actor });
  return { userId: account.id, email: account.email, role };
}

/**
 * An existing account accepts: the signed-in account must be the invited address's
 * (`accountId` null: sign in first). Its sessions end with the role change, so the person signs
 * in again, and the back office then asks for two-factor sign-in if it is off.
 */
export async function acceptStaffInvitation(options: { db: Db; token: string; accountId: string | null; now?: Date }) {
  const { db, token, now = new Date() } = options;
  if (!options.accountId) throw new AppError("UNAUTHORIZED", invitationMessages.signInFirst);
  const accountId = options.accountId;
  return db.transaction((tx) => acceptInvitationIn({ tx, token, accountId, now }));
}
