import type * as React from "react";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";

/**
 * Label, control, an optional hint and the field's error message (`{id}-error`, announced as an
 * alert): the one form field of the account screens, the dashboard dialogs and the contact form.
 */
function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
  ...props
}: { id: string; label: React.ReactNode; error?: string; hint?: React.ReactNode } & React.ComponentProps<"div">) {
  return (
    <div data-slot="form-field" className={cn("grid gap-2", className)} {...props}>
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

export { FormField };
