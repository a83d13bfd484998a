import { CheckIcon } from "lucide-react";
import type * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { formatUsdt } from "~/lib/money";
import { periodSuffix, priceFor, type BillingPeriod } from "~/lib/pricing";
import { cn } from "~/lib/utils";
import type { PublicPlan } from "~/lib/view-types/content";
import { PlanIcon } from "./plan-icon";

/**
 * One plan with its price for the chosen period, from the one pricing module. The home page
 * shows every feature; the pricing page and the dashboard pass `maxFeatures={5}` and an action.
 */
export function PlanCard({
  plan,
  period,
  maxFeatures,
  action,
  selected,
  className,
  ...props
}: {
  plan: PublicPlan;
  period: BillingPeriod;
  maxFeatures?: number;
  action?: React.ReactNode;
  selected?: boolean;
} & React.ComponentProps<typeof Card>) {
  const price = priceFor(BigInt(plan.price), period);
  const original = plan.originalPrice ? priceFor(BigInt(plan.originalPrice), period) : null;
  const features = maxFeatures === undefined ? plan.features : plan.features.slice(0, maxFeatures);
  return (
    <Card
      data-slot="plan-card"
      data-selected={selected ? "" : undefined}
      aria-label={plan.name}
      className={cn(
        "relative flex h-full flex-col data-[selected]:border-primary data-[selected]:ring-2 " +
          "data-[selected]:ring-primary/40",
        className,
      )}
      {...props}
    >
      <CardHeader className="gap-3">
        <div className="flex items-center justify-between gap-2">
          <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <PlanIcon name={plan.icon} className="size-5" />
          </span>
          <div className="flex gap-1">
            {plan.badge ? <Badge>{plan.badge}</Badge> : null}
            {plan.discount > 0 ? <Badge variant="secondary">{plan.discount}% OFF</Badge> : null}
          </div>
        </div>
        <CardTitle className="text-xl">{plan.name}</CardTitle>
        {plan.subtitle ? <CardDescription>{plan.subtitle}</CardDescription> : null}
        {/* The crossed-out price has a line of its own, kept even when empty, so every card's
            features start at the same height whatever the prices' widths. */}
        <div className="grid gap-0.5" data-slot="plan-price">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-3xl font-bold tracking-tight whitespace-nowrap">{formatUsdt(price)}</span>
            <span className="text-sm whitespace-nowrap text-muted-foreground">{periodSuffix[period]}</span>
          </div>
          <span className="min-h-5 text-sm text-muted-foreground line-through">
            {original && original > price ? <span aria-label="Original price">{formatUsdt(original)}</span> : null}
          </span>
        </div>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="space-y-2 text-sm" aria-label={`${plan.name} features`}>
          {features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      {action ? <CardFooter>{action}</CardFooter> : null}
    </Card>
  );
}
