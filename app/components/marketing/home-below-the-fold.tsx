import { useBrand } from "~/components/site/use-brand";
import type { PublicPlan, SiteFigures } from "~/lib/view-types/content";
import { BenefitCarousel } from "./benefit-carousel";
import { CtaBand } from "./cta-band";
import { benefits } from "./home-content";
import { IndicatorTeaser } from "./indicator-teaser";
import { PlanGrid } from "./plan-grid";
import { Platforms } from "./platforms";
import { Section, SectionHeading } from "./section";
import { WhatIsBrand } from "./what-is-brand";
import { WhyYouNeed } from "./why-you-need";

/** The home page from the benefit carousel down; loaded as it comes into view. */
export default function HomeBelowTheFold({
  plans,
  figures,
}: {
  plans: readonly PublicPlan[];
  figures: SiteFigures | null;
}) {
  const brand = useBrand();
  return (
    <>
      <Section aria-labelledby="benefits">
        <SectionHeading id="benefits" eyebrow="Benefits" title={`What you get with ${brand}`} align="start" />
        <BenefitCarousel items={benefits} label="Benefits" />
      </Section>
      <WhyYouNeed />
      <WhatIsBrand figures={figures} />
      <PlanGrid plans={plans} />
      <Platforms />
      <IndicatorTeaser />
      <CtaBand
        title={`Start trading with ${brand} today`}
        description={
          "Pick a plan, connect your Telegram and receive signals as soon as your subscription is " +
          "active. Pay in USDT and turn off renewal whenever you like."
        }
        action={{ label: "Join Now", to: "/pricing" }}
      />
    </>
  );
}
