import { and, desc, isNull } from "drizzle-orm";
import { isStaffRole } from "~/lib/staff-roles";
import type { StaffInvitationView } from "~/lib/view-types/admin/staff";
import type { DbOrTx } from "../../../db/client.ts";
import { staffInvitations } from "../../../db/schema.ts";

/** Invitations neither accepted nor revoked, newest first; an expired one says so (resend it). */
export async function listStaffInvitations(options: { db: DbOrTx; now?: Date }): Promise<StaffInvitationView[]> {
  const now = options.now ?? new Date();
  const rows = await options.db
    .select()
    .from(staffInvitations)
    .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
    .orderBy(desc(staffInvitations.sentAt), desc(staffInvitations.id));
  return rows
    .filter((row) => isStaffRole(row.role))
    .map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role as StaffInvitationView["role"],
      invitedBy: row.invitedByLabel,
      sentAt: row.sentAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      expired: row.expiresAt.getTime() <= now.getTime(),
    }));
}
