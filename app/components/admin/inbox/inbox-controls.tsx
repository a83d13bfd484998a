import * as React from "react";
import { NativeSelect } from "~/components/admin/list/native-select";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import {
  INBOX_STATUS_LABELS,
  INBOX_STATUSES,
  type InboxAssignee,
  type InboxStatus,
} from "~/lib/view-types/admin/inbox";
import { useInboxAction } from "./use-inbox-action";

/** The message's status and who has it, each changed with its own button. */
export function InboxControls({
  status,
  assignedTo,
  assignees,
}: {
  status: InboxStatus;
  assignedTo: string | null;
  assignees: InboxAssignee[];
}) {
  const { send, busy } = useInboxAction();
  const [nextStatus, setNextStatus] = React.useState(status);
  const [assignee, setAssignee] = React.useState(assignedTo ?? "");
  // What the server holds wins after each change (another tab, a reply marking it answered).
  React.useEffect(() => setNextStatus(status), [status]);
  React.useEffect(() => setAssignee(assignedTo ?? ""), [assignedTo]);
  return (
    <div className="flex flex-wrap items-end gap-4">
      {/* Unnamed: its one field, "Status", names it; a form called "Change the status" said it twice. */}
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          send({ intent: "status", status: nextStatus });
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="inbox-message-status">Status</Label>
          <NativeSelect
            id="inbox-message-status"
            value={nextStatus}
            onChange={(event) => setNextStatus(event.target.value as InboxStatus)}
            className="w-auto"
          >
            {INBOX_STATUSES.map((s) => (
              <option key={s} value={s}>
                {INBOX_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline" disabled={busy || nextStatus === status}>
          Set status
        </Button>
      </form>
      <form
        className="flex min-w-0 items-end gap-2"
        aria-label="Change who has it"
        onSubmit={(event) => {
          event.preventDefault();
          send({ intent: "assign", assignee });
        }}
      >
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="inbox-message-assignee">Assigned to</Label>
          <NativeSelect
            id="inbox-message-assignee"
            value={assignee}
            onChange={(event) => setAssignee(event.target.value)}
            className="w-auto max-w-56"
          >
            <option value="">Nobody</option>
            {assignees.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline" disabled={busy || assignee === (assignedTo ?? "")}>
          Assign
        </Button>
      </form>
    </div>
  );
}
