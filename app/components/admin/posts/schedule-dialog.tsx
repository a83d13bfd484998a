import * as React from "react";
import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { scheduleInputSchema } from "~/lib/validation/admin/posts";

/** "2026-11-23T14:05" in the browser's zone, what a datetime-local input holds. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Schedule (or reschedule) a post: a date and time in the editor's own zone, sent as an exact
 * moment; a time in the past is refused here and on the server.
 */
export function ScheduleDialog({
  label,
  disabled,
  current,
  onSchedule,
}: {
  label: string;
  disabled?: boolean;
  current: string | null;
  onSchedule: (iso: string) => void;
}) {
  const [open, setOpen] = React.useState(false);
  // The message shows under the picker, no toast: the dialog is where the person looks.
  const form = useForm({ initial: { at: "" }, clearOnChange: true, refusal: "inline" });
  const error = form.errors.at;
  const zone = React.useMemo(
    () => (typeof Intl === "undefined" ? "" : Intl.DateTimeFormat().resolvedOptions().timeZone),
    [],
  );
  function openChange(next: boolean) {
    setOpen(next);
    if (next) {
      form.reset({
        at: current ? localInputValue(new Date(current)) : localInputValue(new Date(Date.now() + 60 * 60_000)),
      });
    }
  }
  const submit = form.submit(scheduleInputSchema, ({ at }) => {
    setOpen(false);
    onSchedule(at);
  });
  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" disabled={disabled}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Schedule this post</DialogTitle>
            <DialogDescription>
              It is published at this time, and newsletter subscribers get an email then.
            </DialogDescription>
          </DialogHeader>
          <FormField id="post-schedule-at" label={`Publish at${zone ? ` (${zone})` : ""}`} error={error}>
            <Input
              id="post-schedule-at"
              type="datetime-local"
              {...form.field("at")}
              min={localInputValue(new Date())}
              aria-describedby={error ? "post-schedule-at-error" : undefined}
            />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit">Schedule</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
