import * as React from "react";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import { formatDateTime } from "~/lib/dates";
import type { MemberSessionView } from "~/lib/view-types/admin/members";
import { MemberSection } from "./member-section";

type SignOutAnswer = ActionAnswer<{ revoked: number }>;

/** The member's open sessions, and "Sign out everywhere" for those who may assist members. */
export function MemberSessionsSection({ sessions, canAssist }: { sessions: MemberSessionView[]; canAssist: boolean }) {
  const [open, setOpen] = React.useState(false);
  const { submit, busy } = useStaffAction<SignOutAnswer>((answer) => {
    setOpen(false);
    if (!answer.ok) {
      toast.error("Not signed out", { description: answer.error });
      return;
    }
    toast.success("Signed out everywhere", {
      description: answer.revoked === 1 ? "1 session ended." : `${answer.revoked} sessions ended.`,
    });
  });
  return (
    <MemberSection
      id="member-sessions"
      title="Sessions"
      actions={
        canAssist ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setOpen(true)}
            disabled={sessions.length === 0}
          >
            Sign out everywhere
          </Button>
        ) : null
      }
    >
      {sessions.length === 0 ? (
        <p className="text-sm text-muted-foreground">Not signed in anywhere.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Open sessions">
          {sessions.map((s) => (
            <li key={s.id} className="rounded-md border p-3 text-sm">
              <p className="font-medium">
                {s.browser} on {s.os}
              </p>
              <p className="break-all text-muted-foreground">
                {s.ipAddress ?? "Unknown address"}
                {s.country ? ` (${s.country})` : ""} · signed in {formatDateTime(s.signedInAt)} · last active{" "}
                {formatDateTime(s.lastActiveAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {canAssist ? (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Sign out everywhere?"
          description="Every device this member is signed in on is signed out at once. They can sign in again."
          confirm="Sign out everywhere"
          busyLabel="Signing out…"
          busy={busy}
          destructive
          onConfirm={() => void submit({ intent: "sign-out-everywhere" })}
        />
      ) : null}
    </MemberSection>
  );
}
