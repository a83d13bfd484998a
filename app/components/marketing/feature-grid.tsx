import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "~/lib/utils";

export type Feature = { icon: LucideIcon; title: string; text: string };

/** Icon, title and a sentence or two per item, in a responsive grid. */
export function FeatureGrid({
  items,
  className,
  ...props
}: { items: readonly Feature[] } & React.ComponentProps<"ul">) {
  return (
    <ul data-slot="feature-grid" className={cn("grid gap-6 sm:grid-cols-2 lg:grid-cols-3", className)} {...props}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex flex-col gap-3 rounded-xl border bg-card p-6 shadow-sm">
          <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <h3 className="text-lg font-semibold">{title}</h3>
          <p className="text-sm text-pretty text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps, left to right on wide screens. */
export function StepList({
  steps,
  className,
  ...props
}: { steps: readonly { title: string; text: string }[] } & React.ComponentProps<"ol">) {
  return (
    <ol data-slot="step-list" className={cn("grid gap-6 md:grid-cols-2 lg:grid-cols-4", className)} {...props}>
      {steps.map((step, index) => (
        <li key={step.title} className="flex flex-col gap-3 rounded-xl border bg-card p-6">
          <span
            className={
              "flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold " +
              "text-primary-foreground"
            }
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <h3 className="font-semibold">{step.title}</h3>
          <p className="text-sm text-pretty text-muted-foreground">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
