import type * as React from "react";
import { Label } from "~/components/ui/label";

/** Label, control and the field's error message, wired for screen readers. */
export function FormField({ id, label, error, hint, children }: { id: string; label: React.ReactNode; error?: string; hint?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div data-slot="form-field" className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
