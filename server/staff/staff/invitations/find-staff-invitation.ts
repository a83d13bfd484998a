import { eq, sql } from "drizzle-orm";
import { isStaffRole, type StaffRole } from "~/lib/staff-roles";
import type { DbOrTx } from "../../../db/client.ts";
import { staffInvitations, user } from "../../../db/schema.ts";
import { AppError } from "../../../lib/errors.ts";
import { invitationMessages } from "./invitation-messages.ts";
import { hashInvitationToken } from "./invitation-token.ts";

export type InvitationState = "open" | "expired" | "used" | "revoked" | "unknown";

type Row = typeof staffInvitations.$inferSelect;

/** Where an invitation stands at `now`: used and revoked before expired, so the page says what happened. */
export function invitationState(row: Row | undefined, now: Date): InvitationState {
  if (!row || !isStaffRole(row.role)) return "unknown";
  if (row.acceptedAt) return "used";
  if (row.revokedAt) return "revoked";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "open";
}

/** The refusal for a link that is not open, with the page's words for its state. */
export function notOpenError(state: Exclude<InvitationState, "open">) {
  return new AppError(state === "unknown" ? "NOT_FOUND" : "CONFLICT", invitationMessages[state], { state });
}

/**
 * What the invitation page shows for a link's token: its state, and while it is
 * open the address, role, inviter and whether an account already uses the address.
 */
export async function findStaffInvitation(options: { db: DbOrTx; token: string; now?: Date }): Promise<
  | { state: Exclude<InvitationState, "open"> }
  | {
      state: "open";
      id: number;
      email: string;
      role: StaffRole;
      invitedBy: string;
      expiresAt: Date;
      accountExists: boolean;
    }
> {
  const { db, token, now = new Date() } = options;
  if (!token || token.length > 200) return { state: "unknown" };
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, hashInvitationToken(token)));
  const state = invitationState(row, now);
  if (state !== "open") return { state };
  const [account] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${row!.email}`);
  return {
    state,
    id: row!.id,
    email: row!.email,
    role: row!.role as StaffRole,
    invitedBy: row!.invitedByLabel,
    expiresAt: row!.expiresAt,
    accountExists: Boolean(account),
  };
}
