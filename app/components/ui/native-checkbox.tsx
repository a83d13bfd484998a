import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * The browser's own checkbox, for forms that must work before (or without) JavaScript: the
 * kit's `Checkbox` is a button that only ticks once scripts run, while this one is ticked,
 * posted ("on") and labelled by the browser itself.
 */
function NativeCheckbox({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      data-slot="native-checkbox"
      className={cn(
        "mt-0.5 size-4 shrink-0 cursor-pointer rounded-[4px] accent-primary outline-none " +
          "focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed " +
          "disabled:opacity-50 aria-invalid:ring-[3px] aria-invalid:ring-destructive/20",
        className,
      )}
      {...props}
    />
  );
}

export { NativeCheckbox };
