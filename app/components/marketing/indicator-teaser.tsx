import { CheckIcon } from "lucide-react";
import { Link } from "react-router";
import { useBrand } from "~/components/site/use-brand";
import { Button } from "~/components/ui/button";

const points = [
  "Buy and sell markers filtered by trend, momentum and volatility",
  "Stop-loss and take-profit levels drawn on the chart for you",
  "Crypto, forex, indices and commodities, from 5-minute to daily charts",
] as const;

/** The home page's teaser for the TradingView indicator. */
export function IndicatorTeaser() {
  const brandName = useBrand();
  return (
    <section aria-labelledby="indicator-teaser" className="border-y bg-muted/40">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
        <img
          src="/images/marketing/indicator-chart.svg"
          alt="A TradingView chart with the indicator's buy and sell markers and its take-profit and stop-loss levels"
          width={640}
          height={380}
          loading="lazy"
          className="h-auto w-full rounded-3xl shadow-xl shadow-primary/10"
        />
        <div className="flex flex-col items-start gap-5">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">TradingView indicator</p>
          <h2 id="indicator-teaser" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            The {brandName} Indicator
          </h2>
          <p className="text-lg text-pretty text-muted-foreground">
            Prefer to make your own calls? Put our signal engine on your own charts and see what the models see, on any
            market you trade.
          </p>
          <ul className="space-y-2">
            {points.map((point) => (
              <li key={point} className="flex gap-2">
                <CheckIcon className="mt-1 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
          <Button asChild size="lg" variant="outline">
            <Link to="/indicator">Learn more</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
