import { InviteStaffForm, PendingInvitations } from "~/components/admin/staff/staff-invitations";
import { StaffTable } from "~/components/admin/staff/staff-table";
import { adminMeta } from "~/lib/meta";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { staffPageSchema } from "~/lib/validation/admin/staff";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { requireStaffPermission } from "#server/http/staff-guard";
import { listTargetHistory } from "#server/staff/list-target-history";
import { changeStaffInvitation } from "#server/staff/staff/invitations/change-staff-invitation";
import { inviteStaff } from "#server/staff/staff/invitations/invite-staff";
import { listStaffInvitations } from "#server/staff/staff/invitations/list-staff-invitations";
import { listStaff } from "#server/staff/staff/list-staff";
import { setStaffRole } from "#server/staff/staff/set-staff-role";
import type { Route } from "./+types/admin.staff";

export const meta: Route.MetaFunction = () => adminMeta("Staff");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "staff.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  const db = getDb();
  const [people, invitations] = await Promise.all([listStaff({ db }), listStaffInvitations({ db })]);
  // Each member's own history (role changes, invitations accepted); a handful of people, so one query each.
  const histories = await Promise.all(
    people.map((person) => listTargetHistory({ db, target: { type: "user", id: person.userId }, limit: 10 })),
  );
  return {
    staff: people.map((person, i) => ({ ...person, history: histories[i]! })),
    invitations,
    canWrite: can(staff.role, "staff.write"),
    canReadAudit: can(staff.role, "audit.read"),
    viewerEmail: staff.email,
  };
}

/**
 * Change a staff member's role or take it away; invite someone by email (an existing account is
 * promoted when they accept, a new one is opened); revoke or resend an open invitation. Audited.
 */
export const action = defineAction({
  access: "staff",
  permission: "staff.write",
  schema: staffPageSchema,
  run: async ({ input, staff }) => {
    const db = getDb();
    switch (input.intent) {
      case "role": {
        const result = await setStaffRole({ db, email: input.email, role: input.role, actor: staff.actor });
        return { email: result.email, role: result.role, changed: result.changed };
      }
      case "invite": {
        const invited = await inviteStaff({ db, email: input.email, role: input.role, actor: staff.actor });
        return { kind: "invite" as const, email: invited.email, role: invited.role, sent: invited.sent };
      }
      default: {
        const changed = await changeStaffInvitation({ db, id: input.id, change: input.intent, actor: staff.actor });
        return { kind: input.intent, email: changed.email, sent: changed.sent };
      }
    }
  },
});

/** Staff (owner only): who has which role, with two-factor and last activity; change or remove. */
export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const { staff, canWrite, canReadAudit, viewerEmail } = loaderData;
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">Staff</h1>
      {canWrite ? <InviteStaffForm /> : null}
      <PendingInvitations invitations={loaderData.invitations} canWrite={canWrite} />
      <StaffTable staff={staff} canWrite={canWrite} canReadAudit={canReadAudit} viewerEmail={viewerEmail} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
