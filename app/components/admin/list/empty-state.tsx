import type * as React from "react";
import { cn } from "~/lib/utils";

/** What a list says when it has no rows: why it is empty (no rows yet, or none matching the filters). */
function EmptyState({ className, ...props }: React.ComponentProps<"p">) {
  return <p data-slot="empty-state" className={cn("text-muted-foreground", className)} {...props} />;
}

export { EmptyState };
