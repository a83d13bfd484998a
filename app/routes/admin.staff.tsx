import * as React from "react";
import { useFetcher } from "react-router";
import { TargetHistory } from "~/components/admin/target-history";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/sonner";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { ActionAnswer } from "~/lib/action-answer";
import { ROLE_LABELS, STAFF_ROLES, can, type StaffRole, type StaffPermission } from "~/lib/staff-roles";
import { staffPageSchema } from "~/lib/validation/admin/staff";
import { InviteStaffForm, PendingInvitations } from "~/components/admin/staff/staff-invitations";
import { adminMeta } from "~/lib/meta";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { requireStaffPermission } from "#server/http/staff-guard";
import { listStaff } from "#server/staff/staff/list-staff";
import { listTargetHistory } from "#server/staff/list-target-history";
import { setStaffRole } from "#server/staff/staff/set-staff-role";
import { changeStaffInvitation } from "#server/staff/staff/invitations/change-staff-invitation";
import { inviteStaff } from "#server/staff/staff/invitations/invite-staff";
import { listStaffInvitations } from "#server/staff/staff/invitations/list-staff-invitations";
import type { Route } from "./+types/admin.staff";

export const meta: Route.MetaFunction = () => adminMeta("Staff");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "staff.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  const db = getDb();
  const [people, invitations] = await Promise.all([listStaff({ db }), listStaffInvitations({ db })]);
  // Each member's own history (role changes, invitations accepted); a handful of people, so one query each.
  const histories = await Promise.all(people.map((person) => listTargetHistory({ db, target: { type: "user", id: person.userId }, limit: 10 })));
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

type RoleAnswer = ActionAnswer<{ email: string; role: StaffRole | null; changed: boolean }>;

function useRoleChange() {
  const fetcher = useFetcher<RoleAnswer>();
  useFetcherAnswer(fetcher, (answer) => {
    if (!answer.ok) toast.error("Staff not changed", { description: answer.error });
    else if (!answer.changed) toast.success("Nothing to change", { description: `${answer.email} already has this role.` });
    else toast.success("Staff updated", { description: `${answer.email}: ${answer.role ? ROLE_LABELS[answer.role] : "no role"}.` });
  });
  return fetcher;
}

/** Staff (owner only): who has which role, with two-factor and last activity; change or remove. */
export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const { staff, canWrite, canReadAudit, viewerEmail } = loaderData;
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">Staff</h1>
      {canWrite ? <InviteStaffForm /> : null}
      <PendingInvitations invitations={loaderData.invitations} canWrite={canWrite} />
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Email</TableHead>
            <TableHead>Name</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Two-factor</TableHead>
            <TableHead>Last active</TableHead>
            <TableHead>
              <span className="sr-only">History</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {staff.map((person) => (
            <StaffRow key={person.userId} person={person} canWrite={canWrite} isViewer={person.email === viewerEmail} canReadAudit={canReadAudit} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

type StaffRowData = Route.ComponentProps["loaderData"]["staff"][number];

/** One staff member, and under it (on demand) their own audit history. */
function StaffRow({ person, canWrite, isViewer, canReadAudit }: { person: StaffRowData; canWrite: boolean; isViewer: boolean; canReadAudit: boolean }) {
  const [open, setOpen] = React.useState(false);
  const historyId = `staff-history-${person.userId}`;
  return (
    <>
      <TableRow>
        <TableCell className="font-medium">
          {person.email}
          {isViewer ? <span className="text-muted-foreground"> (you)</span> : null}
        </TableCell>
        <TableCell>{person.name}</TableCell>
        <TableCell>{canWrite ? <RoleSelect email={person.email} role={person.role} /> : ROLE_LABELS[person.role]}</TableCell>
        <TableCell>{person.twoFactorEnabled ? <Badge variant="success">On</Badge> : <Badge variant="outline">Off</Badge>}</TableCell>
        <TableCell>{person.lastActiveAt ? new Date(person.lastActiveAt).toLocaleString("en-GB", { timeZone: "UTC" }) + " UTC" : "Signed out"}</TableCell>
        <TableCell>
          <Button type="button" size="sm" variant="ghost" aria-expanded={open} aria-controls={historyId} onClick={() => setOpen((v) => !v)}>
            {open ? "Hide history" : "History"}
            <span className="sr-only">{` of ${person.email}`}</span>
          </Button>
        </TableCell>
      </TableRow>
      {open ? (
        <TableRow id={historyId}>
          <TableCell colSpan={6} className="whitespace-normal bg-muted/30">
            <TargetHistory
              history={person.history}
              title={`History of ${person.email}`}
              auditLink={canReadAudit ? `/admin/audit-log?target=${encodeURIComponent(person.history.target)}` : undefined}
            />
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}

function RoleSelect({ email, role }: { email: string; role: StaffRole }) {
  const fetcher = useRoleChange();
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="email" value={email} />
      <label className="sr-only" htmlFor={`role-${email}`}>{`Role of ${email}`}</label>
      <select id={`role-${email}`} name="role" defaultValue={role} className="h-8 rounded-md border bg-background px-2 text-sm">
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
        <option value="none">No role (remove)</option>
      </select>
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
        Save
      </Button>
    </fetcher.Form>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
