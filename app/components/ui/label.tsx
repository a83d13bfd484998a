import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A form label. A native `<label>` with the one behaviour Radix's Label adds: a double click on
 * the label's own text does not select it (a click on a control inside the label is left alone).
 * Written out here because Radix's Label brings its Primitive module along, a file of its own on
 * every form page that loads no other Radix part.
 */
function Label({ className, onMouseDown, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      data-slot="label"
      className={cn(
        "flex items-center gap-2 text-sm leading-none font-medium select-none " +
          "group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50 " +
          "peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
        className,
      )}
      onMouseDown={(event) => {
        if ((event.target as HTMLElement).closest("button, input, select, textarea")) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}

export { Label };
