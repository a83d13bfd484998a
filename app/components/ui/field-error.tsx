import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A field's error message under its control, announced as an alert when it appears; give it the
 * id the control names in `aria-describedby` (`{field}-error`). For the back office only: the
 * public forms' FormField and ConsentCheckbox and the member dashboard draw the same line
 * themselves, since importing this made one more file, or a bigger one, on their first load.
 */
function FieldError({ className, ...props }: React.ComponentProps<"p">) {
  return <p data-slot="field-error" role="alert" className={cn("text-sm text-destructive", className)} {...props} />;
}

export { FieldError };
