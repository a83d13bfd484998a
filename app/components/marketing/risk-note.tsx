import { TriangleAlertIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "~/lib/utils";

/** The short risk statement every marketing page carries: signals inform, they do not promise. */
export function RiskNote({ className, ...props }: React.ComponentProps<"aside">) {
  return (
    <aside
      data-slot="risk-note"
      aria-label="Risk warning"
      className={cn("flex gap-3 rounded-xl border border-warning/40 bg-warning/10 p-4 text-sm text-pretty", className)}
      {...props}
    >
      <TriangleAlertIcon
        className="mt-0.5 size-4 shrink-0 text-warning-foreground dark:text-warning"
        aria-hidden="true"
      />
      <p>
        <strong className="font-semibold">Trading involves risk.</strong> Crypto and forex prices move fast and
        leveraged positions can lose more than you expect. Our signals, bots and indicator are tools, not financial
        advice, and past results do not guarantee future returns. Trade only with money you can afford to lose.
      </p>
    </aside>
  );
}
