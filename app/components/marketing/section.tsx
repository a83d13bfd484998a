import type * as React from "react";
import { cn } from "~/lib/utils";

/** A full-width band of a marketing page; `tone="muted"` alternates the background. */
export function Section({
  tone = "plain",
  className,
  children,
  ...props
}: { tone?: "plain" | "muted" } & React.ComponentProps<"section">) {
  return (
    <section
      data-slot="marketing-section"
      className={cn(tone === "muted" && "border-y bg-muted/40", className)}
      {...props}
    >
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">{children}</div>
    </section>
  );
}

/** Eyebrow, heading and lead paragraph at the top of a section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  align = "center",
  className,
}: {
  id?: string;
  eyebrow?: string;
  title: React.ReactNode;
  description?: React.ReactNode;
  align?: "center" | "start";
  className?: string;
}) {
  return (
    <div
      data-slot="section-heading"
      className={cn(
        "mb-10 flex max-w-3xl flex-col gap-3",
        align === "center" ? "mx-auto items-center text-center" : "items-start",
        className,
      )}
    >
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p> : null}
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {description ? <p className="text-lg text-pretty text-muted-foreground">{description}</p> : null}
    </div>
  );
}
