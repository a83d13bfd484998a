import * as React from "react";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import { formatDate } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import type { AdminPlan } from "~/lib/view-types/admin/plans";

type CancelAnswer = ActionAnswer<{ changed: boolean; price: string; notified: number }>;

/**
 * Cancelling a scheduled rise from the plan editor. The action hook lives in the editor,
 * not in the notice: a successful cancellation removes the notice from the page, and its answer
 * (toast, the price field put back) must still be handled. `onCancelled` gets the price now in
 * force, so the editor's price field does not send the withdrawn price again on the next save.
 */
export function useCancelScheduledChange(planName: string, onCancelled: (price: bigint) => void) {
  const { submit, busy } = useStaffAction<CancelAnswer>(
    (answer) => {
      if (!answer.ok) {
        toast.error("Price change not cancelled", { description: answer.error });
        return;
      }
      onCancelled(BigInt(answer.price));
      toast.success("Scheduled price change cancelled", {
        description: `${planName} is back to ${formatUsdt(BigInt(answer.price), { suffix: true })} a month. ${answer.notified === 1 ? "1 member is" : `${answer.notified} members are`} told.`,
      });
    },
    { action: "/api/admin/plan-prices" },
  );
  return {
    busy,
    cancel: (planId: number, changeId: number) =>
      void submit({ intent: "cancel_price_change", planId: String(planId), changeId: String(changeId) }),
  };
}

/**
 * A price rise whose notice still runs, with "Cancel scheduled change" behind a confirmation.
 * Cancelling puts the plan back to the old price for everybody and tells the members who were
 * told of the rise.
 */
export function ScheduledPriceChange({
  plan,
  scheduled,
  canceller,
  canCancel,
}: {
  plan: Pick<AdminPlan, "id" | "name">;
  scheduled: NonNullable<AdminPlan["scheduled"]>;
  canceller: ReturnType<typeof useCancelScheduledChange>;
  /** prices.write; without it the notice is shown and the editor says why it cannot be changed. */
  canCancel: boolean;
}) {
  const [open, setOpen] = React.useState(false);
  const oldPrice = formatUsdt(BigInt(scheduled.oldPrice), { suffix: true });
  const newPrice = formatUsdt(BigInt(scheduled.newPrice), { suffix: true });
  const date = formatDate(scheduled.effectiveAt);
  const { busy } = canceller;
  // A refusal (already cancelled in another tab, say) closes the dialog; its toast says why.
  const wasBusy = React.useRef(false);
  React.useEffect(() => {
    if (wasBusy.current && !busy) setOpen(false);
    wasBusy.current = busy;
  }, [busy]);

  return (
    <div className="grid gap-2 rounded-md border border-warning/40 bg-warning/10 p-3">
      <p role="status" className="text-sm font-medium">
        Notice running: renewing members pay {oldPrice} a month until {date}, then {newPrice}.
      </p>
      {canCancel ? (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
            Cancel scheduled change
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !busy && setOpen(next)}
        title="Cancel the price change?"
        description={`${plan.name} goes back to ${oldPrice} a month for everybody, new buyers included, and the rise to ${newPrice} from ${date} will not happen. Members who were told of the rise are told by email and Telegram that it is cancelled.`}
        cancel="Keep the change"
        confirm="Cancel the change"
        busyLabel="Cancelling…"
        busy={busy}
        destructive
        onConfirm={() => canceller.cancel(plan.id, scheduled.changeId)}
      />
    </div>
  );
}
