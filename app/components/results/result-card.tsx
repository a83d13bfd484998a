import type * as React from "react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/lib/utils";
import type { PublicResult } from "~/lib/view-types/content";
import { formatCount, formatSignedPercent } from "./format";

/** One period of the results tracker: counts, total return and a win-rate bar. */
export function ResultCard({
  result,
  className,
  ...props
}: { result: PublicResult } & React.ComponentProps<typeof Card>) {
  const positive = result.totalPercentage >= 0;
  // The bar's width is the win rate itself, exactly as stored.
  const width = `${result.winRate}%`;
  return (
    <Card data-slot="result-card" aria-label={result.title} className={cn("gap-5", className)} {...props}>
      <CardHeader className="gap-1">
        <CardTitle className="text-lg">{result.title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid grid-cols-3 gap-3 text-center">
          <Stat label="Signals" value={formatCount(result.signals)} />
          <Stat label="Wins" value={formatCount(result.wins)} />
          <Stat label="Losses" value={formatCount(result.losses)} />
        </dl>
        <div className="flex items-baseline justify-between gap-3">
          <span className="text-sm text-muted-foreground">Total</span>
          <span
            data-slot="result-total"
            className={cn(
              "text-3xl font-bold tracking-tight tabular-nums",
              positive ? "text-emerald-600 dark:text-emerald-400" : "text-destructive",
            )}
          >
            {formatSignedPercent(result.totalPercentage)}
          </span>
        </div>
        <div className="grid gap-2">
          <div className="flex items-baseline justify-between text-sm">
            <span className="text-muted-foreground">Win rate</span>
            <span data-slot="result-win-rate" className="font-semibold tabular-nums">
              {width}
            </span>
          </div>
          <div
            role="meter"
            aria-label="Win rate"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={result.winRate}
            aria-valuetext={width}
            className="h-2.5 overflow-hidden rounded-full bg-muted"
          >
            <div
              data-slot="win-rate-bar"
              className="h-full rounded-full bg-gradient-to-r from-primary to-chart-2"
              style={{ width }}
            />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-muted/60 px-2 py-3">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** The placeholder shown six times while another tab loads. */
