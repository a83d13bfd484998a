import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * The browser's own select, styled like the kit's `Input`: a list filter is a plain GET form that
 * works before (or without) JavaScript, and a native select is read, posted and labelled by the
 * browser itself. Full width by default; a filter row that lays its fields out inline passes `w-auto`.
 */
function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select
      data-slot="native-select"
      className={cn(
        "h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none",
        "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
        "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
        className,
      )}
      {...props}
    />
  );
}

export { NativeSelect };
