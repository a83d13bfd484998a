import { RESULT_TYPE_LABELS } from "~/components/results/result-types";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { toast } from "~/components/ui/sonner";
import type { StaffResult } from "~/lib/view-types/admin/results";
import { useResultAction } from "./use-result-action";

/** Asks before a result is deleted; open while `row` is set. */
export function DeleteResultDialog({ row, onClose }: { row: StaffResult | null; onClose: () => void }) {
  const { submit, busy } = useResultAction((answer) => {
    if (answer.ok) toast.success(answer.message);
    else toast.error("Result not deleted", { description: answer.error });
    onClose();
  });
  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Delete this result?</DialogTitle>
          <DialogDescription>
            {row ? `“${row.title}” (${RESULT_TYPE_LABELS[row.type]}) is removed from the back office and from /results. The audit log keeps what it held.` : null}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={busy || !row} onClick={() => row && submit({ intent: "delete", id: String(row.id) })}>
            {busy ? "Deleting..." : "Delete"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
