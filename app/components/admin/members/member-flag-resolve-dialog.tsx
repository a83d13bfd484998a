import * as React from "react";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { useForm } from "~/components/forms/use-form";
import { useResetOnOpen } from "~/components/forms/use-reset-on-open";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/sonner";
import { Textarea } from "~/components/ui/textarea";
import type { ActionAnswer } from "~/lib/action-answer";
import { resolvePaymentFlagSchema } from "~/lib/validation/admin/member-actions";

type Resolved = { alreadyResolved: boolean; resolvedBy: string };

/** The flag being resolved: its id and the title its row shows. */
export type FlagToResolve = { id: number; title: string };

/**
 * Resolves one card payment flag (money.write) with a required note saying what was done. One
 * dialog for the section, opened by a row's Resolve: the resolved row loses its button when the
 * page reloads, so the answer is taken here, where it outlives the row. The server resolves a
 * flag once: a second submit, or another operator's, is answered with the resolution that
 * stands, which the toast names.
 */
export function MemberFlagResolveDialog({
  memberId,
  flag,
  onClose,
}: {
  memberId: string;
  flag: FlagToResolve | null;
  onClose: () => void;
}) {
  const open = flag !== null;
  // The title stays on screen while the dialog closes.
  const [shown, setShown] = React.useState(flag);
  if (flag && flag !== shown) setShown(flag);
  const form = useForm<{ note: string }>({ initial: { note: "" }, clearOnChange: true, refusal: "Flag not resolved" });
  useResetOnOpen(open, () => form.reset());
  const { submit, busy } = useStaffAction<ActionAnswer<Resolved>>(
    (answer) => {
      if (!answer.ok) return form.refuse(answer);
      if (answer.alreadyResolved)
        toast.success("Already resolved", { description: `Resolved by ${answer.resolvedBy}.` });
      else toast.success("Flag resolved");
      onClose();
    },
    { action: `/api/admin/members/${encodeURIComponent(memberId)}/payment-flags` },
  );
  const body = { flagId: flag?.id ?? 0, note: form.values.note };
  const send = form.submit(resolvePaymentFlagSchema, () => submit(body), body);
  const id = "payment-flag-note";
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={send} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Resolve the flag</DialogTitle>
            <DialogDescription>
              {shown?.title}. Say what was done about it (recovered another way, dispute won or lost, written off): the
              note is kept with the flag and in the member&apos;s history.
            </DialogDescription>
          </DialogHeader>
          <FormField id={id} label="Note" error={form.errors.note}>
            <Textarea
              id={id}
              rows={3}
              {...form.field("note")}
              aria-describedby={form.errors.note ? `${id}-error` : undefined}
            />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {busy ? "Resolving…" : "Resolve"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
