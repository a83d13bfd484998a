import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * User Info → Security: the member's sign-in protections, one card each
 * (two-factor, passkeys, signed-in devices). Cards are added as their features land.
 */
export function SecurityPanel({ className, children, ...props }: React.ComponentProps<"section">) {
  return (
    <section
      data-slot="security-panel"
      aria-labelledby="security-heading"
      className={cn("grid gap-4", className)}
      {...props}
    >
      <h2 id="security-heading" className="text-lg font-semibold">
        Security
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">{children}</div>
    </section>
  );
}
