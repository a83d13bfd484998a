import { Link } from "react-router";
import { PageHero } from "~/components/marketing/page-hero";
import { Section, SectionHeading } from "~/components/marketing/section";
import { lazyBelowTheFold } from "~/components/site/below-the-fold";
import { useBrand } from "~/components/site/use-brand";
import { Button } from "~/components/ui/button";
import { jsonLd, seoMeta, siteDataOf } from "~/lib/meta";
import type { SiteFigures } from "~/lib/view-types/content";
import { getSiteFigures } from "#server/content/get-site-figures";
import { listPublishedPlans } from "#server/content/list-published-plans";
import { getDb } from "#server/db/client";
import { loadOrUnavailable } from "#server/http/load-or-unavailable";
import type { Route } from "./+types/_index";

// Everything from the benefit carousel down: its JavaScript (carousel, plan tabs, sections) is
// fetched as the reader scrolls towards it, keeping the first load small.
const HomeBelowTheFold = lazyBelowTheFold(() => import("~/components/marketing/home-below-the-fold"));

// Without plans the rest of the home page is still worth showing; the plan grid says what went wrong,
// and the claims that need figures are left out.
export const loader = () =>
  loadOrUnavailable({
    load: async () => {
      const db = getDb();
      const [plans, figures] = await Promise.all([listPublishedPlans({ db }), getSiteFigures({ db })]);
      return { plans, figures: figures as SiteFigures | null };
    },
    fallback: { plans: [], figures: null },
    failure: "home: loading plans failed",
  });

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const root = siteDataOf(matches);
  const tags = seoMeta({
    matches,
    location,
    title: "AI-powered crypto and forex signals",
    description:
      "AI-powered crypto and forex trading signals in Telegram: futures, forex and spot signals, " +
      "a copy trading bot and a TradingView indicator, with every result published.",
  });
  if (!root) return tags;
  const { brandName, links } = root.config;
  return [
    ...tags,
    jsonLd({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: brandName,
      url: root.siteUrl,
      logo: `${root.siteUrl}/favicon.svg`,
      sameAs: [links.telegram, links.x, links.discord],
    }),
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const brand = useBrand();
  return (
    <>
      <PageHero
        eyebrow="Crypto and forex signals, every result published"
        title={
          <>
            AI-powered trading signals, <span className="text-primary">delivered in Telegram</span>
          </>
        }
        description={`${brand} scans crypto and forex markets around the clock and sends clear entries, targets and stop losses for futures, forex and spot straight to your Telegram — with a bot that can copy the trades for you.`}
        actions={
          <Button asChild size="lg" className="text-base">
            <Link to="/pricing">Join Today</Link>
          </Button>
        }
        image={{
          src: "/images/marketing/hero-signal.svg",
          alt:
            "A BTC/USDT long signal in Telegram with its entry zone, three targets and stop loss, and " +
            "the copy trading bot confirming the order",
          width: 560,
          height: 460,
        }}
      />
      <Section tone="muted" aria-labelledby="intro">
        <SectionHeading
          id="intro"
          eyebrow="How it works"
          title="Trade with a plan, not a hunch"
          description={`Our models watch hundreds of markets for high-probability setups. When one lines up, ${brand} sends you the full plan — where to enter, where to take profit and where to cut the loss — so every trade starts with its risk defined. Follow the signals by hand, let the copy trading bot place them for you, or put the same engine on your charts with our TradingView indicator.`}
          className="mb-0"
        />
      </Section>
      {/* Laid out only as it comes near the viewport: the home page's long lower part is most of
          its layout work before it can answer a tap. Until then it counts as about its real height
          (measured: 9200 px at 375 px wide, 7100 at 768, 5300–5600 from 1024), then as it was. */}
      <HomeBelowTheFold
        className={
          "[contain-intrinsic-block-size:auto_8800px] [content-visibility:auto] " +
          "md:[contain-intrinsic-block-size:auto_7000px] " +
          "lg:[contain-intrinsic-block-size:auto_5400px]"
        }
        plans={loaderData.plans}
        figures={loaderData.figures}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
