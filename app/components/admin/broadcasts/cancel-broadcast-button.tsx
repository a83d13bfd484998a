import { useStaffAction } from "~/components/admin/use-staff-action";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import type { AdminBroadcast } from "~/lib/view-types/admin/broadcasts";

/** Stops a scheduled broadcast, or what is still queued of one being sent, after asking. */
export function CancelBroadcastButton({ broadcast }: { broadcast: AdminBroadcast }) {
  const { submit, busy } = useStaffAction<ActionAnswer>(
    (answer) => {
      if (answer.ok) toast.success("Broadcast cancelled");
      else toast.error("Not cancelled", { description: answer.error });
    },
    { action: `/admin/broadcasts/${broadcast.id}`, json: true },
  );
  const sending = broadcast.state === "sending";
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="destructive" disabled={busy}>
          {busy ? "Cancelling…" : "Cancel broadcast"}
        </Button>
      }
      title="Cancel this broadcast?"
      description={
        sending
          ? "Messages not sent yet are never sent; those already sent stay sent."
          : "It will not be sent. A cancelled broadcast cannot be sent again."
      }
      confirm="Cancel broadcast"
      cancel="Keep it"
      destructive
      onConfirm={() => void submit({ intent: "cancel" })}
    />
  );
}
