import { GiftIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { PublicPlan } from "~/lib/view-types/content";

/**
 * "Start 7-day free trial" under a plan's cart button, for plans with a trial. A link, so it
 * works from the first paint: the trial page (which signs a visitor in first) says what the
 * trial gives and starts it.
 */
export function TrialLink({ plan }: { plan: PublicPlan }) {
  if (plan.trialDays <= 0) return null;
  return (
    <Button asChild variant="outline" className="w-full">
      <Link to={`/dashboard/trial/${plan.id}`} aria-label={`Start ${plan.trialDays}-day free trial of ${plan.name}`}>
        <GiftIcon aria-hidden="true" />
        {`Start ${plan.trialDays}-day free trial`}
      </Link>
    </Button>
  );
}
