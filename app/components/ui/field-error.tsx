import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A field's error message under its control, announced as an alert when it appears; give it the
 * id the control names in `aria-describedby` (`{field}-error`). It draws nothing while it has no
 * message, so a caller passes the field's error as it is. For the back office only: the public
 * forms' FormField and ConsentCheckbox and the member dashboard draw the same line themselves,
 * since importing this made one more file, or a bigger one, on their first load.
 */
function FieldError({ className, children, ...props }: React.ComponentProps<"p">) {
  if (children == null || children === false || children === "") return null;
  return (
    <p data-slot="field-error" role="alert" className={cn("text-sm text-destructive", className)} {...props}>
      {children}
    </p>
  );
}

export { FieldError };
