import type * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { RiskNote } from "./risk-note";

/** The closing call to action of a marketing page, with the risk note under it. */
export function CtaBand({
  title,
  description,
  action,
  className,
}: {
  title: string;
  description: React.ReactNode;
  /** The band's one button, a link (every marketing page ends by pointing to the plans). */
  action: { label: string; to: string };
  className?: string;
}) {
  return (
    <section
      aria-labelledby="cta-band"
      className={cn("mx-auto max-w-7xl px-4 pt-16 pb-16 sm:px-6 sm:pt-24 sm:pb-24", className)}
    >
      <div
        className={
          "relative overflow-hidden rounded-3xl bg-gradient-to-br from-primary via-primary " +
          "to-band-end px-6 py-14 text-center text-primary-foreground sm:px-12"
        }
      >
        <h2 id="cta-band" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty">{description}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg" className="bg-background text-base text-foreground hover:bg-background/90">
            <Link to={action.to}>{action.label}</Link>
          </Button>
        </div>
      </div>
      <RiskNote className="mt-8" />
    </section>
  );
}
