import { useStaffAction } from "~/components/admin/use-staff-action";
import { RESULT_TYPE_LABELS } from "~/components/results/result-types";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/sonner";
import type { StaffResult } from "~/lib/view-types/admin/results";
import type { ResultAnswer } from "./use-result-action";

/** Asks before a result is deleted; open while `row` is set. */
export function DeleteResultDialog({ row, onClose }: { row: StaffResult | null; onClose: () => void }) {
  const { submit, busy } = useStaffAction<ResultAnswer>((answer) => {
    if (answer.ok) toast.success(answer.message);
    else toast.error("Result not deleted", { description: answer.error });
    onClose();
  });
  return (
    <ConfirmDialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      className="sm:max-w-md"
      title="Delete this result?"
      description={
        row
          ? `“${row.title}” (${RESULT_TYPE_LABELS[row.type]}) is removed from the back office and from /results. The audit log keeps what it held.`
          : null
      }
      confirm="Delete"
      busyLabel="Deleting..."
      busy={busy}
      destructive
      onConfirm={() => row && submit({ intent: "delete", id: String(row.id) })}
    />
  );
}
