import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { safeRedirect } from "~/lib/http/safe-redirect";
import { can, isStaffRole, type StaffPermission, type StaffRole } from "~/lib/staff-roles";
import { getSignedInAccount } from "../auth/accounts/session.ts";
import { getDb } from "../db/client.ts";
import { session } from "../db/schema.ts";
import { keepStaffSession } from "../staff/keep-staff-session.ts";
import type { StaffActor } from "../staff/record-audit-event.ts";
import { flashToastCookie } from "./flash.ts";

export type StaffMember = { userId: string; email: string; name: string; role: StaffRole };

export const STAFF_TWO_FACTOR_NEEDED = "Turn on two-factor sign-in to open the back office.";
export const STAFF_SECOND_FACTOR_NEEDED =
  "Sign in again with your authenticator app, a backup code or a passkey to open the back office.";
export const STAFF_SESSION_IDLE = "Your back-office session ended after 12 hours without use. Please sign in again.";

/**
 * The guard of every /admin page and action, in the /admin layout's loader and in
 * each admin action:
 * - signed out: to /signin, and back afterwards;
 * - signed in without a staff role: 404, the back office is not advertised;
 * - staff without two-factor sign-in: to User Info to turn it on first;
 * - staff whose session was not opened with a second factor (a trusted device, a session from
 *   before the role): the session ends, to /signin, where staff are always asked for one;
 * - staff idle for 12 hours: the session ends, to /signin.
 * `headers` carries a refreshed session cookie to forward.
 */
export async function requireStaff(
  request: Request,
): Promise<{ staff: StaffMember; actor: StaffActor; headers: Headers }> {
  const { account, headers } = await getSignedInAccount(request);
  const url = new URL(request.url);
  const back = `/signin?redirectTo=${encodeURIComponent(safeRedirect(url.pathname + url.search, { siteOrigin: url.origin }))}`;
  if (!account) throw redirect(back);
  if (!isStaffRole(account.role)) throw data("Not Found", { status: 404 });
  if (!account.twoFactorEnabled) {
    throw redirect("/dashboard?section=user-info", {
      headers: {
        "Set-Cookie": flashToastCookie({
          title: "Two-factor sign-in required",
          description: STAFF_TWO_FACTOR_NEEDED,
          type: "error",
        }),
      },
    });
  }
  if (!account.secondFactor) {
    await getDb().delete(session).where(eq(session.id, account.sessionId));
    throw redirect(back, {
      headers: {
        "Set-Cookie": flashToastCookie({
          title: "Second factor required",
          description: STAFF_SECOND_FACTOR_NEEDED,
          type: "error",
        }),
      },
    });
  }
  const state = await keepStaffSession({
    db: getDb(),
    sessionId: account.sessionId,
    lastActiveAt: account.lastActiveAt,
  });
  if (state === "ended") {
    throw redirect(back, {
      headers: {
        "Set-Cookie": flashToastCookie({ title: "Signed out", description: STAFF_SESSION_IDLE, type: "error" }),
      },
    });
  }
  const staff = { userId: account.userId, email: account.email, name: account.name, role: account.role };
  return { staff, actor: { userId: staff.userId, label: staff.email, role: staff.role }, headers };
}

/** requireStaff, plus the permission this page or action needs: without it, 404 like a member. */
export async function requireStaffPermission(request: Request, permission: StaffPermission) {
  const guard = await requireStaff(request);
  if (!can(guard.staff.role, permission)) throw data("Not Found", { status: 404 });
  return guard;
}
