import * as React from "react";
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
import { postMessages } from "~/lib/validation/admin/posts";

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
  const [value, setValue] = React.useState("");
  const [error, setError] = React.useState("");
  const zone = React.useMemo(
    () => (typeof Intl === "undefined" ? "" : Intl.DateTimeFormat().resolvedOptions().timeZone),
    [],
  );
  function openChange(next: boolean) {
    setOpen(next);
    if (next) {
      setValue(current ? localInputValue(new Date(current)) : localInputValue(new Date(Date.now() + 60 * 60_000)));
      setError("");
    }
  }
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const at = new Date(value);
    if (!value || Number.isNaN(at.getTime())) return setError(postMessages.scheduleInvalid);
    if (at.getTime() <= Date.now()) return setError(postMessages.scheduleInPast);
    setOpen(false);
    onSchedule(at.toISOString());
  }
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
              value={value}
              min={localInputValue(new Date())}
              onChange={(event) => {
                setValue(event.target.value);
                setError("");
              }}
              aria-invalid={Boolean(error) || undefined}
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
