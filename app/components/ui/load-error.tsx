import type * as React from "react";
import { cn } from "~/lib/utils";

/** The box a section shows instead of its data when the data could not be read. */
export function LoadError({ className, ...props }: React.ComponentProps<"p">) {
  return (
    <p
      role="alert"
      data-slot="load-error"
      className={cn("rounded-lg border border-destructive/40 bg-destructive/5 p-6 text-center", className)}
      {...props}
    />
  );
}
