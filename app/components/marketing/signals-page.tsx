import { BotIcon, CrownIcon } from "lucide-react";
import { Link } from "react-router";
import { useBrand } from "~/components/site/use-brand";
import { Button } from "~/components/ui/button";
import { CtaBand } from "./cta-band";
import { FeatureGrid, StepList } from "./feature-grid";
import { OfferCard } from "./offer-card";
import { PageHero } from "./page-hero";
import { Section, SectionHeading } from "./section";
import { markets, signalParts, steps } from "./signals-content";

/** The body of /signals: the Telegram signals bot and VIP signals. */
export function SignalsPage() {
  const brandName = useBrand();
  return (
    <>
      <PageHero
        eyebrow="Trading signals"
        title={
          <>
            Crypto and forex signals, <span className="text-primary">straight to Telegram</span>
          </>
        }
        description={`${brandName} combines machine-learning models with experienced analysts to find trade setups in crypto futures, spot and forex. Each one arrives in Telegram as a complete plan: entry, targets and stop loss.`}
        actions={
          <>
            <Button asChild size="lg" className="text-base">
              <Link to="/pricing">View plans</Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="text-base">
              <Link to="/results">See results</Link>
            </Button>
          </>
        }
        image={{
          src: "/images/marketing/hero-signal.svg",
          alt: "A BTC/USDT long signal in Telegram with entry zone, targets and stop loss",
          width: 560,
          height: 460,
        }}
      />
      <Section tone="muted" aria-labelledby="signal-offers">
        <SectionHeading
          id="signal-offers"
          eyebrow="Two ways in"
          title="Signals Bot and VIP Signals"
          description={
            "Start with the bot's crypto signals, or get every setup our analysts take, crypto and " +
            "forex, with their commentary."
          }
        />
        <div className="grid gap-6 lg:grid-cols-2">
          <OfferCard
            icon={BotIcon}
            title="Signals Bot in Telegram"
            text={`The ${brandName} Telegram bot sends AI-generated spot and low-leverage futures signals on USDT pairs the moment they are confirmed.`}
            points={[
              "Entry zone, up to 3 targets and a stop loss on every signal",
              "Updates when targets are hit or a trade is closed early",
              "Suggested position size as a share of your account",
              "Monthly performance report in the results tracker",
            ]}
          />
          <OfferCard
            icon={CrownIcon}
            title="VIP Signals"
            text={
              "Everything in the Signals Bot, plus the setups our analysts trade themselves, in a " +
              "private Telegram channel."
            }
            points={[
              "High-leverage futures setups with tighter, pre-defined risk",
              "Forex majors, gold and index signals",
              "Analyst commentary and a weekly market outlook",
              "Priority support",
            ]}
          />
        </div>
      </Section>
      <Section aria-labelledby="signal-anatomy">
        <SectionHeading
          id="signal-anatomy"
          eyebrow="Inside a signal"
          title="Everything you need to place the trade"
          description={
            "No vague “BTC looks bullish” messages. A signal is a trade plan you can check before you " +
            "commit a cent."
          }
        />
        <FeatureGrid items={signalParts} />
      </Section>
      <Section tone="muted" aria-labelledby="markets">
        <SectionHeading
          id="markets"
          eyebrow="Markets"
          title="Futures, forex and spot"
          description={
            "Each strategy has its own signals and its own record in the results tracker, so you can " +
            "follow the ones that fit your risk."
          }
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {markets.map((m) => (
            <li key={m.title} className="rounded-xl border bg-card p-6">
              <h3 className="mb-2 font-semibold">{m.title}</h3>
              <p className="text-sm text-pretty text-muted-foreground">{m.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section aria-labelledby="copy-bot">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <SectionHeading
            id="copy-bot"
            align="start"
            eyebrow="Copy trading bot"
            title="Enter at the same time as the provider"
            description={
              "Missed and late entries are the most common reason followers do worse than the signal. " +
              "The copy trading bot places each futures signal on your exchange account at the same time " +
              "as the provider, with its stop loss and targets attached."
            }
            className="mb-0"
          />
          <OfferCard
            icon={BotIcon}
            title="You stay in control"
            text="The bot follows your rules, on your own account."
            points={[
              "Fixed size or a percentage of your balance per trade",
              "A maximum leverage cap and a daily loss limit",
              "Trade-only API keys: the bot can never withdraw your funds",
              "A Telegram message for every fill, target and stop",
            ]}
          />
        </div>
      </Section>
      <Section tone="muted" aria-labelledby="results-tracker">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <img
            src="/images/marketing/results-tracker.svg"
            alt="The results tracker comparing strategies: low-leverage futures, spot, forex and high-leverage futures"
            width={560}
            height={340}
            loading="lazy"
            className="h-auto w-full rounded-3xl shadow-xl shadow-primary/10"
          />
          <div className="flex flex-col items-start gap-5">
            <SectionHeading
              id="results-tracker"
              align="start"
              eyebrow="Results tracker"
              title="Check the record before you subscribe"
              description={
                "Every closed signal is logged with its outcome — wins and losses — and summarised by " +
                "strategy: number of signals, win rate and total return. Compare the strategies and follow " +
                "the ones that fit your risk."
              }
              className="mb-0"
            />
            <Button asChild variant="outline" size="lg">
              <Link to="/results">Open the Results Tracker</Link>
            </Button>
          </div>
        </div>
      </Section>
      <Section aria-labelledby="get-started">
        <SectionHeading id="get-started" eyebrow="Getting started" title="From sign-up to first signal" />
        <StepList steps={steps} />
      </Section>
      <CtaBand
        title="Get the next signal with everyone else"
        description={
          "Choose a plan, verify your Telegram and the next signal is yours. No contract: turn " +
          "renewal off at any time."
        }
        action={{ label: "Join Now", to: "/pricing" }}
      />
    </>
  );
}
