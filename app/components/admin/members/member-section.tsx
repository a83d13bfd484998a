import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * One area of the member page: a titled section. The page is a plain list of these, so a new
 * area is one component and one line in the page.
 */
export function MemberSection({
  id,
  title,
  actions,
  children,
  className,
}: {
  id: string;
  title: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={cn("grid min-w-0 gap-3 rounded-lg border p-4", className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** Label–value pairs, stacked on a phone, two columns wider. */
export function Facts({ items }: { items: [label: string, value: React.ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-muted-foreground">{label}</dt>
          <dd className="mb-2 min-w-0 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
