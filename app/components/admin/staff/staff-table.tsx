import * as React from "react";
import { NativeSelect } from "~/components/admin/list/native-select";
import { TargetHistory } from "~/components/admin/target-history";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { useForm } from "~/components/forms/use-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/sonner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { ActionAnswer } from "~/lib/action-answer";
import { formatDateTime } from "~/lib/dates";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/lib/staff-roles";
import { staffRoleSchema } from "~/lib/validation/admin/staff";
import type { TargetHistory as TargetHistoryData } from "~/lib/view-types/admin/shared";
import type { StaffListEntry } from "~/lib/view-types/admin/staff";

type RoleAnswer = ActionAnswer<{ email: string; role: StaffRole | null; changed: boolean }>;

function useRoleChange() {
  return useStaffAction<RoleAnswer>((answer) => {
    if (!answer.ok) toast.error("Staff not changed", { description: answer.error });
    else if (!answer.changed)
      toast.success("Nothing to change", { description: `${answer.email} already has this role.` });
    else
      toast.success("Staff updated", {
        description: `${answer.email}: ${answer.role ? ROLE_LABELS[answer.role] : "no role"}.`,
      });
  });
}

/** A staff member as the team page lists them, with their own audit history. */
export type StaffRowData = StaffListEntry & { history: TargetHistoryData };

/** Who has which role, with two-factor and last activity; an owner changes or removes a role here. */
export function StaffTable({
  staff,
  canWrite,
  canReadAudit,
  viewerEmail,
}: {
  staff: StaffRowData[];
  canWrite: boolean;
  canReadAudit: boolean;
  viewerEmail: string;
}) {
  return (
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
          <StaffRow
            key={person.userId}
            person={person}
            canWrite={canWrite}
            isViewer={person.email === viewerEmail}
            canReadAudit={canReadAudit}
          />
        ))}
      </TableBody>
    </Table>
  );
}

/** One staff member, and under it (on demand) their own audit history. */
function StaffRow({
  person,
  canWrite,
  isViewer,
  canReadAudit,
}: {
  person: StaffRowData;
  canWrite: boolean;
  isViewer: boolean;
  canReadAudit: boolean;
}) {
  const [open, setOpen] = React.useState(false);
  const historyId = `staff-history-${person.userId}`;
  return (
    <>
      <TableRow>
        <TableCell className="font-medium">
          {person.email}
          {isViewer ? <span className="text-muted-foreground"> (you)</span> : null}
        </TableCell>
        <TableCell label="Name">{person.name}</TableCell>
        <TableCell>
          {canWrite ? <RoleSelect email={person.email} role={person.role} /> : ROLE_LABELS[person.role]}
        </TableCell>
        <TableCell label="Two-factor">
          {person.twoFactorEnabled ? <Badge variant="success">On</Badge> : <Badge variant="outline">Off</Badge>}
        </TableCell>
        <TableCell label="Last active">
          {person.lastActiveAt ? formatDateTime(person.lastActiveAt) : "Signed out"}
        </TableCell>
        <TableCell>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-expanded={open}
            aria-controls={historyId}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? "Hide history" : "History"}
            <span className="sr-only">{` of ${person.email}`}</span>
          </Button>
        </TableCell>
      </TableRow>
      {open ? (
        <TableRow id={historyId}>
          <TableCell colSpan={6} className="whitespace-normal bg-muted/30">
            <TargetHistory history={person.history} title={`History of ${person.email}`} canReadAudit={canReadAudit} />
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}

function RoleSelect({ email, role }: { email: string; role: StaffRole }) {
  const { submit, busy } = useRoleChange();
  const form = useForm({ initial: { role: role as string }, refusal: "Staff not changed" });
  // The names and the method stay: without JavaScript the browser posts the same form itself.
  return (
    <form
      method="post"
      className="flex items-center gap-2"
      onSubmit={form.submit(staffRoleSchema, () => void submit({ email, role: form.values.role }), {
        email,
        role: form.values.role,
      })}
    >
      <input type="hidden" name="email" value={email} />
      <label className="sr-only" htmlFor={`role-${email}`}>{`Role of ${email}`}</label>
      <NativeSelect
        id={`role-${email}`}
        name="role"
        value={form.values.role}
        onChange={(event) => form.setValue("role", event.target.value)}
        className="h-8 w-auto"
      >
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
        <option value="none">No role (remove)</option>
      </NativeSelect>
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        Save
      </Button>
    </form>
  );
}
