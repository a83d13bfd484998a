import { BotIcon, CandlestickChartIcon, ChartColumnIcon, UsersIcon, type LucideIcon } from "lucide-react";
import { useBrand } from "~/components/site/use-brand";
import { discountClaim, memberClaim, winRateClaim } from "~/lib/site-claims";
import type { SiteFigures } from "~/lib/view-types/content";
import { Section, SectionHeading } from "./section";

/**
 * "What is {brand}": its claims, the plans' discount as a banner. Every figure comes from the
 * site's data (`figures`, null when it could not be read): a claim without data is left out.
 */
export function WhatIsBrand({ figures }: { figures: SiteFigures | null }) {
  const brandName = useBrand();
  const winRate = figures ? winRateClaim(figures) : null;
  const members = figures ? memberClaim(figures.members) : null;
  const discount = figures ? discountClaim(figures) : null;
  const claims: { icon: LucideIcon; stat: string; text: string }[] = [
    winRate
      ? { icon: ChartColumnIcon, ...winRate }
      : {
          icon: ChartColumnIcon,
          stat: "Every result published",
          text: "Wins and losses go on the results page, strategy by strategy, as each month closes.",
        },
    ...(members
      ? [{ icon: UsersIcon, stat: members, text: "Traders who have signed up and confirmed their address." }]
      : []),
    {
      icon: CandlestickChartIcon,
      stat: "Futures, forex and spot",
      text: "Signals for crypto futures, forex and spot markets, each with its own strategy and record.",
    },
    {
      icon: BotIcon,
      stat: "Same-time entries",
      text:
        "Our copy trading bot enters trades at the same time as the provider, so you get the entry " +
        "the signal was built on.",
    },
  ];
  return (
    <Section aria-labelledby="what-is-brand">
      <SectionHeading
        id="what-is-brand"
        eyebrow="About us"
        title={`What is ${brandName}?`}
        description={`${brandName} is an AI-powered signal service for crypto and forex traders: our models find the setups, our analysts check them, and Telegram delivers them to you in seconds.`}
      />
      {discount ? (
        <div
          data-slot="offer-banner"
          className={
            "mb-8 flex flex-col items-center justify-center gap-2 rounded-2xl bg-gradient-to-r " +
            "from-primary to-band-end px-6 py-6 text-center text-primary-foreground sm:flex-row " +
            "sm:gap-4"
          }
        >
          <p className="text-3xl font-extrabold tracking-tight sm:text-4xl">{discount}</p>
          {/* Only what the terms back: price changes are announced 30 days ahead and never touch a paid period. */}
          <p className="max-w-md text-sm text-pretty">
            Already taken off the prices below. A price change is announced 30 days ahead and never touches a period you
            have paid for.
          </p>
        </div>
      ) : null}
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {claims.map(({ icon: Icon, stat, text }) => (
          <li key={stat} className="flex flex-col gap-3 rounded-xl border bg-card p-6 shadow-sm">
            <Icon className="size-6 text-primary" aria-hidden="true" />
            <h3 className="text-xl font-bold tracking-tight">{stat}</h3>
            <p className="text-sm text-pretty text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
