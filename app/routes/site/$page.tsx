import { data } from "react-router";
import { WhyPage } from "~/components/marketing/why-page";
import { NotFoundView } from "~/components/site/not-found-view";
import { pageMeta, seoMeta, siteDataOf } from "~/lib/meta";
import { getConfig } from "#server/config";
import type { Route } from "./+types/$page";

// Mounted at ":page" (see routes.ts): the product slug is configuration, known only at run time.
export function loader({ params }: Route.LoaderArgs) {
  if (params.page !== `why-${getConfig().productSlug}`) return data(null, { status: 404 });
  return { page: "why" as const };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  if (!loaderData) return [...pageMeta(matches, "Page not found"), { name: "robots", content: "noindex" }];
  const brand = siteDataOf(matches)?.config.brandName ?? "";
  return seoMeta({
    matches,
    location,
    title: "Why Choose Us",
    description: `Why traders choose ${brand}: a plan for every trade, every result published, risk limits on every trade, and four ways to trade — signals bot, VIP signals, TradingView indicator and results tracker.`,
  });
};

export default function Why({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return <NotFoundView />;
  return <WhyPage />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
