import * as React from "react";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import { formatTimestamp } from "~/lib/dates";
import { rescanActionSchema, type RescanFrom } from "~/lib/validation/admin/money-deposits";

type Answer = ActionAnswer<{ message: string }>;

const describe = (from: RescanFrom) =>
  "block" in from ? `block ${from.block.toLocaleString("en-US")}` : formatTimestamp(from.at);

/**
 * "Rescan from": a block number or a date and time (UTC). The value is checked with the
 * action's schema, then confirmed, then posted; the server audits the rescan and the page's
 * history shows it. Re-reading never credits a transfer twice, so the question is only there
 * because a rescan far back makes the watcher busy for a while.
 */
export function RescanForm() {
  const form = useForm<{ from: string }>({ initial: { from: "" }, clearOnChange: true, refusal: "Rescan not started" });
  const [confirming, setConfirming] = React.useState<RescanFrom | null>(null);
  const { submit, busy } = useStaffAction<Answer>((answer) => {
    setConfirming(null);
    if (!answer.ok) return form.refuse(answer);
    toast.success("Rescan started", { description: answer.message });
    form.reset();
  });
  const ask = form.submit(rescanActionSchema, (data) => setConfirming(data.from), {
    intent: "rescan",
    from: form.values.from,
  });
  return (
    <section aria-labelledby="rescan" className="grid gap-3">
      <div>
        <h2 id="rescan" className="text-lg font-semibold">
          Rescan from
        </h2>
        <p className="text-sm text-muted-foreground">
          Moves the watcher back so it reads every confirmed transfer since then again, for example after an outage of
          the API provider. Nothing is credited twice.
        </p>
      </div>
      <form onSubmit={ask} noValidate className="flex flex-wrap items-start gap-3">
        <FormField
          id="rescan-from"
          label="Block number or date and time (UTC)"
          hint="e.g. 66123456 or 2026-11-01 14:30"
          error={form.errors.from}
          className="min-w-0 flex-1 basis-64"
        >
          <Input
            id="rescan-from"
            autoComplete="off"
            {...form.field("from")}
            aria-describedby={form.errors.from ? "rescan-from-error" : undefined}
          />
        </FormField>
        <Button type="submit" className="sm:mt-7" disabled={busy}>
          Rescan
        </Button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title="Rescan deposits?"
        description={
          confirming
            ? `The watcher will read every transfer again from ${describe(confirming)}. The further back, the longer it takes.`
            : ""
        }
        confirm="Rescan"
        busyLabel="Starting…"
        busy={busy}
        onConfirm={() => void submit({ intent: "rescan", from: form.values.from })}
      />
    </section>
  );
}
