import { BellIcon, CandlestickChartIcon, FilterIcon, LayersIcon, RulerIcon, WandSparklesIcon } from "lucide-react";
import { Link } from "react-router";
import { useBrand } from "~/components/site/use-brand";
import { Button } from "~/components/ui/button";
import { CtaBand } from "./cta-band";
import { FeatureGrid, StepList } from "./feature-grid";
import { PageHero } from "./page-hero";
import { Section, SectionHeading } from "./section";

const features = [
  {
    icon: CandlestickChartIcon,
    title: "Clear buy and sell markers",
    text: "Markers appear on the candle where a setup confirms, so you can see exactly where each idea started.",
  },
  {
    icon: FilterIcon,
    title: "Trend, momentum and volatility filters",
    text:
      "Setups against the higher-timeframe trend or in dead markets are filtered out, so you see " +
      "fewer, better signals.",
  },
  {
    icon: RulerIcon,
    title: "Stop loss and targets on the chart",
    text: "Each marker draws its stop loss and three take-profit levels, sized to current volatility.",
  },
  {
    icon: LayersIcon,
    title: "Any market, any timeframe",
    text: "Crypto, forex, indices and commodities, on charts from 5 minutes to daily.",
  },
  {
    icon: BellIcon,
    title: "Alerts that reach you",
    text: "Create TradingView alerts for new markers and route them to your phone, email or a webhook.",
  },
  {
    icon: WandSparklesIcon,
    title: "Ready-made presets",
    text: "Start from presets for scalping, swing and position trading, then tune the settings to your style.",
  },
] as const;

const steps = [
  {
    title: "Subscribe",
    text: "Choose Indicator Pro, or the All-in-One plan, which includes it alongside the signals and the bot.",
  },
  {
    title: "Send your TradingView username",
    text: "Message our support in Telegram with your TradingView username. The indicator is invite-only.",
  },
  {
    title: "Add it to your chart",
    text: "Find it under Invite-only scripts in TradingView's indicator list and apply a preset.",
  },
  {
    title: "Set your alerts",
    text: "Follow the setup guide to create alerts, so you hear about a setup even when the chart is closed.",
  },
] as const;

/** The body of /indicator: the TradingView indicator. */
export function IndicatorPage() {
  const brandName = useBrand();
  return (
    <>
      <PageHero
        eyebrow="TradingView indicator"
        title={
          <>
            The {brandName} Indicator <span className="text-primary">for TradingView</span>
          </>
        }
        description={
          "The same engine that powers our signals, on your own charts. See where the models would " +
          "enter, where they would take profit and where they would get out — on any market you " +
          "trade."
        }
        actions={
          <>
            <Button asChild size="lg" className="text-base">
              <Link to="/pricing">Subscribe now</Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="text-base">
              <a href="#indicator-setup">How to get access</a>
            </Button>
          </>
        }
        image={{
          src: "/images/marketing/indicator-chart.svg",
          alt:
            "A TradingView chart with the indicator's buy and sell markers, three take-profit levels " +
            "and a stop loss",
          width: 640,
          height: 380,
        }}
      />
      <Section tone="muted" aria-labelledby="indicator-features">
        <SectionHeading
          id="indicator-features"
          eyebrow="Features"
          title="Built for traders who make their own calls"
          description={
            "Signals tell you what to trade. The indicator shows you why, and lets you apply the same " +
            "logic to the markets and timeframes you care about."
          }
        />
        <FeatureGrid items={features} />
      </Section>
      <Section aria-labelledby="indicator-fit">
        <div className="grid gap-10 lg:grid-cols-2">
          <SectionHeading
            id="indicator-fit"
            align="start"
            eyebrow="Signals or indicator?"
            title="Use it on its own, or with the signals"
            className="mb-0"
          />
          <div className="space-y-4 text-pretty text-muted-foreground">
            <p>
              If you want trades handed to you, the Signals Bot and VIP Signals send complete plans to Telegram. If you
              would rather decide for yourself, the indicator gives you the setups on your own charts, on your own
              schedule.
            </p>
            <p>
              Many members use both: the signals for the markets we cover, and the indicator to check a signal against
              the chart or to trade pairs and timeframes we do not send signals for.
            </p>
            <p>
              The indicator highlights setups; it cannot know what the market will do next. Treat every marker as a plan
              to evaluate, keep the stop loss, and size your positions for the losses that will come.
            </p>
          </div>
        </div>
      </Section>
      <Section tone="muted" aria-labelledby="indicator-setup-heading" id="indicator-setup" className="scroll-mt-16">
        <SectionHeading id="indicator-setup-heading" eyebrow="Access" title="Set up in four steps" />
        <StepList steps={steps} />
      </Section>
      <CtaBand
        title="Put our signal engine on your charts"
        description="Pay monthly, quarterly with 15% off, or once for lifetime access."
        action={{ label: "Get the Indicator", to: "/pricing" }}
      />
    </>
  );
}
