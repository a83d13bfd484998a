import { CheckIcon, type LucideIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** One of the service's offers: what it is, what it includes, where to read more. */
export function OfferCard({
  icon: Icon,
  title,
  text,
  points,
  link,
  className,
  ...props
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  points?: readonly string[];
  link?: { to: string; label: string };
} & React.ComponentProps<"article">) {
  return (
    <article
      data-slot="offer-card"
      className={cn("flex flex-col gap-4 rounded-2xl border bg-card p-6 shadow-sm sm:p-8", className)}
      {...props}
    >
      <span
        className={
          "flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-primary " +
          "to-chart-2 text-primary-foreground"
        }
      >
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h3 className="text-2xl font-bold tracking-tight">{title}</h3>
      <p className="text-pretty text-muted-foreground">{text}</p>
      {points ? (
        <ul className="space-y-2 text-sm">
          {points.map((point) => (
            <li key={point} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{point}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {link ? (
        <Button asChild variant="link" className="mt-auto self-start px-0">
          <Link to={link.to}>{link.label}</Link>
        </Button>
      ) : null}
    </article>
  );
}
