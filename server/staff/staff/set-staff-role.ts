import { eq, sql } from "drizzle-orm";
import { isStaffRole, ROLE_LABELS, type StaffRole } from "~/lib/staff-roles";
import type { Db, Tx } from "../../db/client.ts";
import { session, user } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";

export const staffMessages = {
  noAccount: "No account uses this email address. The person signs up first (or is invited from /admin).",
  unverified:
    "Staff roles need a verified email address: the person confirms the address from the verification email first.",
  unknownRole: "The role must be owner, admin, editor or support.",
  lastOwner: "The last owner cannot be removed or demoted: make another owner first.",
} as const;

/**
 * Gives an account a staff role, changes it, or (role null) takes it away. The
 * account must have a verified address; the last owner is never demoted, so the back office
 * always has someone who manages staff. The change ends the person's sessions (they sign in
 * again under the new role) and writes one audit row, in one transaction.
 */
export async function setStaffRole(options: { db: Db; email: string; role: StaffRole | null; actor: StaffActor }) {
  return options.db.transaction((tx) => setStaffRoleIn({ ...options, tx }));
}

/** setStaffRole inside the caller's transaction (accepting an invitation marks it used in the same one). */
export async function setStaffRoleIn(options: { tx: Tx; email: string; role: StaffRole | null; actor: StaffActor }) {
  const { tx, actor } = options;
  if (options.role !== null && !isStaffRole(options.role)) throw new AppError("VALIDATION", staffMessages.unknownRole);
  const email = options.email.trim().toLowerCase();
  // Locked, so two changes to one account (or two demotions of the last owners) run in turn.
  const [account] = await tx
    .select()
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`)
    .for("update");
  if (!account) throw new AppError("NOT_FOUND", staffMessages.noAccount);
  if (options.role !== null && !account.emailVerified) throw new AppError("CONFLICT", staffMessages.unverified);
  const before = isStaffRole(account.role) ? account.role : null;
  if (before === options.role) return { userId: account.id, email: account.email, role: before, changed: false };
  if (before === "owner") {
    const owners = await tx.select({ id: user.id }).from(user).where(eq(user.role, "owner")).for("update");
    if (owners.length <= 1) throw new AppError("CONFLICT", staffMessages.lastOwner);
  }
  await tx
    .update(user)
    .set({ role: options.role ?? "user", updatedAt: new Date() })
    .where(eq(user.id, account.id));
  await tx.delete(session).where(eq(session.userId, account.id));
  const label = (role: StaffRole | null) => (role ? ROLE_LABELS[role] : "no role");
  await recordAuditEvent({
    tx,
    actor,
    action: "staff.role_set",
    target: { type: "user", id: account.id },
    summary: `${account.email}: ${label(before)} → ${label(options.role)}`,
    before: { role: before },
    after: { role: options.role },
  });
  return { userId: account.id, email: account.email, role: options.role, changed: true };
}
