import { InfoIcon, XIcon } from "lucide-react";
import { useId } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

/**
 * One figure: a short label (the card's accessible name), the value, its change against the
 * previous period, an optional detail line, and how it is counted behind an info button. The
 * definition is a native popover: it opens by keyboard and touch with no script, Escape or a tap
 * outside closes it, and it follows its button in the reading and focus order.
 */
export function Figure({
  label,
  value,
  change,
  detail,
  definition,
}: {
  label: string;
  value: string;
  change?: string;
  detail?: string;
  definition?: string;
}) {
  const id = useId();
  const aboutId = `${id}-about`;
  return (
    <Card role="group" aria-label={label} data-slot="figure" className="gap-2">
      <CardHeader className="flex items-start justify-between gap-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
        {definition ? (
          <button
            type="button"
            popoverTarget={aboutId}
            className={
              "-m-1 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:ring-2 " +
              "focus-visible:ring-ring focus-visible:outline-hidden"
            }
          >
            <InfoIcon aria-hidden="true" className="size-4" />
            <span className="sr-only">How {label} is counted</span>
          </button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-1">
        <p className="text-2xl font-semibold tabular-nums break-words">{value}</p>
        {change ? (
          <p data-slot="figure-change" className="text-xs font-medium tabular-nums">
            {change}
          </p>
        ) : null}
        {detail ? <p className="text-xs text-muted-foreground">{detail}</p> : null}
      </CardContent>
      {definition ? (
        <div
          id={aboutId}
          popover="auto"
          data-slot="figure-definition"
          className={
            "w-[min(24rem,calc(100vw-2rem))] rounded-md border bg-popover p-4 text-sm " +
            "text-popover-foreground shadow-lg backdrop:bg-black/20"
          }
        >
          <div className="mb-2 flex items-start justify-between gap-3">
            <p className="font-medium">{label}</p>
            <button
              type="button"
              popoverTarget={aboutId}
              popoverTargetAction="hide"
              className={
                "rounded-xs opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring " +
                "focus-visible:outline-hidden"
              }
            >
              <XIcon aria-hidden="true" className="size-4" />
              <span className="sr-only">Close</span>
            </button>
          </div>
          <p className="text-muted-foreground">{definition}</p>
        </div>
      ) : null}
    </Card>
  );
}

export function FigureSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-sm font-medium text-muted-foreground">
        {title}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </section>
  );
}
