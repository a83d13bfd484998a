import * as React from "react";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** "2026-11-23T14:05" in the browser's zone, what a datetime-local input holds. */
export function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** When to send it later, in the operator's own zone, and the button that schedules it. */
export function ScheduleField({
  value,
  error,
  busy,
  onChange,
  onSchedule,
}: {
  value: string;
  error?: string;
  busy: boolean;
  onChange: (value: string) => void;
  onSchedule: () => void;
}) {
  const zone = React.useMemo(
    () => (typeof Intl === "undefined" ? "" : Intl.DateTimeFormat().resolvedOptions().timeZone),
    [],
  );
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-xl border p-4">
      <legend className="px-1 text-sm font-medium">Send later</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="broadcast-schedule-at">Send at{zone ? ` (${zone})` : ""}</Label>
          <Input
            id="broadcast-schedule-at"
            type="datetime-local"
            className="w-auto"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={error ? "broadcast-schedule-at-error" : undefined}
          />
        </div>
        <Button type="button" variant="outline" disabled={busy} onClick={onSchedule}>
          Schedule
        </Button>
      </div>
      <FieldError id="broadcast-schedule-at-error">{error}</FieldError>
    </fieldset>
  );
}
