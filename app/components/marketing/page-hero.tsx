import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * The opening band of a marketing page: copy and calls to action on one side, an
 * illustration on the other (stacked on small screens).
 */
export function PageHero({
  eyebrow,
  title,
  description,
  actions,
  image,
  className,
}: {
  eyebrow?: string;
  title: React.ReactNode;
  description: React.ReactNode;
  actions?: React.ReactNode;
  image?: { src: string; alt: string; width: number; height: number };
  className?: string;
}) {
  return (
    <section data-slot="page-hero" className={cn("relative overflow-hidden", className)}>
      <div
        aria-hidden="true"
        className={
          "pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[36rem] " +
          "bg-[radial-gradient(ellipse_at_top,var(--color-primary)_0%,transparent_60%)] opacity-15"
        }
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
        <div className="flex flex-col items-start gap-6">
          {eyebrow ? (
            <span className="rounded-full border bg-background/60 px-4 py-1 text-sm text-muted-foreground">
              {eyebrow}
            </span>
          ) : null}
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">{title}</h1>
          <p className="max-w-2xl text-lg text-pretty text-muted-foreground">{description}</p>
          {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
        </div>
        {image ? (
          <img
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            // The hero's image is the largest thing on a phone's first screen: fetched first.
            fetchPriority="high"
            className="mx-auto h-auto w-full max-w-xl rounded-3xl shadow-2xl shadow-primary/20"
          />
        ) : null}
      </div>
    </section>
  );
}
