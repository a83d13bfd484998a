import { and, eq, isNull, sql } from "drizzle-orm";
import { ROLE_LABELS, type StaffRole } from "~/lib/staff-roles";
import type { Db } from "../../../db/client.ts";
import { withRetry } from "../../../db/db-errors.ts";
import { staffInvitations, user } from "../../../db/schema.ts";
import { AppError } from "../../../lib/errors.ts";
import { getLogger } from "../../../lib/logger.ts";
import { recordAuditEvent, type StaffActor } from "../../record-audit-event.ts";
import { invitationMessages } from "./invitation-messages.ts";
import { INVITATION_TTL_MS, newInvitationToken } from "./invitation-token.ts";
import { sendStaffInvitationEmail } from "./send-staff-invitation-email.ts";

/**
 * Invites a person to the staff by email: an invitation valid 72 hours, single use,
 * stored with the hash of its link's token, written with its audit row in one transaction; the
 * email goes out after the commit. An open invitation to the same address is replaced (revoked):
 * only the newest link works. An account that already has this role is not invited again.
 * `sent` is false when the mail could not be sent: the invitation stays, "Resend" tries again.
 */
export async function inviteStaff(options: { db: Db; email: string; role: StaffRole; actor: StaffActor; now?: Date }) {
  const { db, role, actor, now = new Date() } = options;
  const email = options.email.trim().toLowerCase();
  const { token, hash } = newInvitationToken();
  // Two invitations to one address at once: the one-open-invitation index refuses the second
  // insert, and the retry replaces the first, as if they had come one after the other.
  const invitation = await withRetry(() =>
    db.transaction(async (tx) => {
      const [account] = await tx
        .select({ role: user.role })
        .from(user)
        .where(sql`lower(${user.email}) = ${email}`);
      if (account?.role === role) throw new AppError("CONFLICT", invitationMessages.alreadyStaff);
      const replaced = await tx
        .update(staffInvitations)
        .set({ revokedAt: now })
        .where(
          and(
            eq(staffInvitations.email, email),
            isNull(staffInvitations.acceptedAt),
            isNull(staffInvitations.revokedAt),
          ),
        )
        .returning({ id: staffInvitations.id });
      const [created] = await tx
        .insert(staffInvitations)
        .values({
          email,
          role,
          tokenHash: hash,
          invitedBy: actor.userId,
          invitedByLabel: actor.label,
          createdAt: now,
          sentAt: now,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        })
        .returning();
      await recordAuditEvent({
        tx,
        actor,
        action: "staff.invited",
        target: { type: "invitation", id: String(created!.id) },
        summary: `${email} invited as ${ROLE_LABELS[role]}${account ? " (existing account)" : ""}${replaced.length > 0 ? "; the earlier invitation replaced" : ""}`,
        after: { email, role, expiresAt: created!.expiresAt.toISOString() },
        now,
      });
      return created!;
    }),
  );
  const sent = await trySend({ to: email, role, invitedBy: actor.label, token });
  return { id: invitation.id, email, role, expiresAt: invitation.expiresAt, sent };
}

/** Sends the link; a mail failure is logged and reported, never a lost invitation. */
export async function trySend(options: { to: string; role: StaffRole; invitedBy: string; token: string }) {
  try {
    await sendStaffInvitationEmail(options);
    return true;
  } catch (error) {
    getLogger().error({ err: (error as Error).message }, "staff invitation: email not sent");
    return false;
  }
}
