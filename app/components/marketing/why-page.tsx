import {
  BotIcon,
  CandlestickChartIcon,
  ChartColumnIcon,
  CoinsIcon,
  CrownIcon,
  EyeIcon,
  LifeBuoyIcon,
  ListChecksIcon,
  ShieldCheckIcon,
} from "lucide-react";
import { Link } from "react-router";
import { useBrand } from "~/components/site/use-brand";
import { Button } from "~/components/ui/button";
import { CtaBand } from "./cta-band";
import { FeatureGrid } from "./feature-grid";
import { OfferCard } from "./offer-card";
import { PageHero } from "./page-hero";
import { Section, SectionHeading } from "./section";

const reasons = [
  {
    icon: ListChecksIcon,
    title: "A plan for every trade",
    text:
      "Each signal carries its entry zone, up to three targets and a stop loss, so you know the " +
      "whole trade before you act.",
  },
  {
    icon: EyeIcon,
    title: "Every result published",
    text:
      "Wins and losses go into the results tracker, strategy by strategy. Judge us on the " +
      "record, not on screenshots.",
  },
  {
    icon: ShieldCheckIcon,
    title: "Risk comes first",
    text:
      "No signal goes out without a stop loss and a suggested size. Protecting your account " +
      "matters more than any single trade.",
  },
  {
    icon: CandlestickChartIcon,
    title: "Crypto and forex",
    text:
      "Futures, forex and spot signals from one service, each with its own strategy, so you can " +
      "match them to your risk.",
  },
  {
    icon: CoinsIcon,
    title: "Simple billing in USDT",
    text: "Top up a balance in USDT on TRC-20 and pay from it. Turn automatic renewal off whenever you like.",
  },
  {
    icon: LifeBuoyIcon,
    title: "People who answer",
    text:
      "Support by email and Telegram, with priority replies for VIP members. Ask before you buy " +
      "— we are happy to help.",
  },
] as const;

/** The body of /why-{product}: why the service, its four offers, and what it will not promise. */
export function WhyPage() {
  const brandName = useBrand();
  return (
    <>
      <PageHero
        eyebrow={`Why ${brandName}`}
        title={
          <>
            Why traders choose <span className="text-primary">{brandName}</span>
          </>
        }
        description={
          "A signal service is only worth paying for if it is clear, consistent and honest about its " +
          "results. Here is how we try to be all three — and what you get for your subscription."
        }
        actions={
          <>
            <Button asChild size="lg" className="text-base">
              <Link to="/pricing">See pricing</Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="text-base">
              <Link to="/signals">Explore signals</Link>
            </Button>
          </>
        }
        image={{
          src: "/images/marketing/results-tracker.svg",
          alt: "The results tracker comparing strategies: low-leverage futures, spot, forex and high-leverage futures",
          width: 560,
          height: 340,
        }}
      />
      <Section tone="muted" aria-labelledby="why-reasons">
        <SectionHeading id="why-reasons" eyebrow="What sets us apart" title="Six reasons to trade with us" />
        <FeatureGrid items={reasons} />
      </Section>
      <Section aria-labelledby="why-offers">
        <SectionHeading
          id="why-offers"
          eyebrow="What you get"
          title="Four ways to trade smarter"
          description="Pick one, or combine them in the All-in-One plan."
        />
        <div className="grid gap-6 md:grid-cols-2">
          <OfferCard
            icon={BotIcon}
            title="Signals Bot in Telegram"
            text={
              "AI-generated crypto signals on USDT pairs, delivered by our Telegram bot the moment they " +
              "are confirmed — with entry, targets and stop loss."
            }
            link={{ to: "/signals", label: "About the signals →" }}
          />
          <OfferCard
            icon={CrownIcon}
            title="VIP Signals"
            text={
              "Every crypto and forex setup our analysts take, with commentary, a weekly outlook and " +
              "priority support in a private channel."
            }
            link={{ to: "/signals", label: "Compare with the bot →" }}
          />
          <OfferCard
            icon={CandlestickChartIcon}
            title="TradingView Indicator"
            text={
              "Our signal engine on your own charts: buy and sell markers with stop loss and targets, on " +
              "any market and timeframe."
            }
            link={{ to: "/indicator", label: "About the indicator →" }}
          />
          <OfferCard
            icon={ChartColumnIcon}
            title="Results Tracker"
            text={
              "The public record of every closed signal, by strategy: how many signals, how many won, " +
              "and the total return."
            }
            link={{ to: "/results", label: "See the results →" }}
          />
        </div>
      </Section>
      <Section tone="muted" aria-labelledby="why-honest">
        <div className="grid gap-10 lg:grid-cols-2">
          <SectionHeading
            id="why-honest"
            align="start"
            eyebrow="Straight talk"
            title="What we will never promise"
            className="mb-0"
          />
          <div className="space-y-4 text-pretty text-muted-foreground">
            <p>
              No one can guarantee profits in trading, and we will not pretend to. Some signals hit their stop loss;
              some months are better than others. What we can promise is a clear plan for every trade, risk limits you
              set yourself, and a results page that shows the losses as plainly as the wins.
            </p>
            <p>
              Start small, follow the stop losses, and never trade money you cannot afford to lose. If the service is
              not for you, switch off renewal in your dashboard and your plan simply runs to the end of the period.
            </p>
          </div>
        </div>
      </Section>
      <CtaBand
        title={`Trade with ${brandName}`}
        description="Choose the plan that fits how you trade. Pay in USDT, monthly, quarterly or once for life."
        action={{ label: "Get started", to: "/pricing" }}
      />
    </>
  );
}
