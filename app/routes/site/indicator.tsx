import { IndicatorPage } from "~/components/marketing/indicator-page";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/indicator";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    matches,
    location,
    title: "TradingView Indicator",
    description:
      "Our invite-only TradingView indicator: buy and sell markers with stop-loss and " +
      "take-profit levels on crypto, forex, indices and commodities.",
    image: "/images/marketing/indicator-chart.svg",
  });

export default function Indicator() {
  return <IndicatorPage />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
