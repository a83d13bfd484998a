import { BotIcon, CalendarCheckIcon, CandlestickChartIcon, UsersIcon } from "lucide-react";
import { useBrand } from "~/components/site/use-brand";
import { Section, SectionHeading } from "./section";

/** "What is {brand}": five claims, the 60% offer as a banner. */
export function WhatIsBrand() {
  const brandName = useBrand();
  const claims = [
    {
      icon: CalendarCheckIcon,
      stat: "Since 2017",
      text: "Sending trading signals through every bull run, crash and sideways market since 2017.",
    },
    {
      icon: UsersIcon,
      stat: "50,000+ members",
      text: "Over 50,000 traders have joined our community of signal followers.",
    },
    {
      icon: CandlestickChartIcon,
      stat: "Futures, forex and spot",
      text: "Signals for crypto futures, forex and spot markets, each with its own strategy and record.",
    },
    {
      icon: BotIcon,
      stat: "Same-time entries",
      text: "Our copy trading bot enters trades at the same time as the provider, so you get the entry the signal was built on.",
    },
  ] as const;
  return (
    <Section aria-labelledby="what-is-brand">
      <SectionHeading
        id="what-is-brand"
        eyebrow="About us"
        title={`What is ${brandName}?`}
        description={`${brandName} is an AI-powered signal service for crypto and forex traders: our models find the setups, our analysts check them, and Telegram delivers them to you in seconds.`}
      />
      <div
        data-slot="offer-banner"
        className="mb-8 flex flex-col items-center justify-center gap-2 rounded-2xl bg-gradient-to-r from-primary to-band-end px-6 py-6 text-center text-primary-foreground sm:flex-row sm:gap-4"
      >
        <p className="text-3xl font-extrabold tracking-tight sm:text-4xl">60% OFF FOREVER</p>
        <p className="max-w-md text-sm text-pretty">
          Join now and keep the discounted price for as long as your subscription stays active.
        </p>
      </div>
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
