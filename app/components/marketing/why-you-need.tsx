import { EyeIcon, GaugeIcon, HourglassIcon, ShieldCheckIcon } from "lucide-react";
import { Link } from "react-router";
import { useBrand } from "~/components/site/use-brand";
import { Button } from "~/components/ui/button";
import { Section, SectionHeading } from "./section";

const reasons = [
  {
    icon: HourglassIcon,
    title: "Your time back",
    text:
      "Stop watching charts all day. Our models and analysts do the scanning and you get the few " +
      "setups worth acting on.",
  },
  {
    icon: ShieldCheckIcon,
    title: "Risk defined up front",
    text: "Every signal comes with its stop loss and targets before you enter, so you know what a trade can cost you.",
  },
  {
    icon: EyeIcon,
    title: "Results in the open",
    text: "Every closed signal — wins and losses — goes into the public results tracker, broken down by strategy.",
  },
  {
    icon: GaugeIcon,
    title: "Discipline on autopilot",
    text: "The copy trading bot follows the plan exactly, without fear, greed or late entries.",
  },
] as const;

/** "Why You Need {brand}" with its "Sign Up Now" call to action. */
export function WhyYouNeed() {
  const brandName = useBrand();
  return (
    <Section tone="muted" aria-labelledby="why-you-need">
      <SectionHeading
        id="why-you-need"
        eyebrow="Why it matters"
        title={`Why You Need ${brandName}`}
        description={
          "Most traders lose money to hesitation, missed entries and trades without a plan. A signal " +
          "service gives you a plan for every trade, and the tools to follow it."
        }
      />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {reasons.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex flex-col gap-3">
            <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="text-lg font-semibold">{title}</h3>
            <p className="text-sm text-pretty text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex justify-center">
        <Button asChild size="lg" className="text-base">
          <Link to="/join/details">Sign Up Now</Link>
        </Button>
      </div>
    </Section>
  );
}
