import { SignalsPage } from "~/components/marketing/signals-page";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/signals";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    matches,
    location,
    title: "Crypto and Forex Signals in Telegram",
    description:
      "Futures, spot and forex trading signals delivered by our Telegram bot and VIP channel: " +
      "entry zone, up to three targets and a stop loss on every signal.",
  });

export default function Signals() {
  return <SignalsPage />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
