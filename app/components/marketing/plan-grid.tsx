import { Link } from "react-router";
import { PlanCard } from "~/components/plans/plan-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { billingPeriods, type BillingPeriod } from "~/lib/pricing";
import type { PublicPlan } from "~/lib/view-types/content";
import { Section, SectionHeading } from "./section";

const periodNames: Record<BillingPeriod, string> = { monthly: "Monthly", quarterly: "Quarterly", lifetime: "Lifetime" };

/**
 * The home page's plan grid: every feature of every published plan, priced by
 * the one pricing module for the chosen period (monthly by default).
 */
export function PlanGrid({ plans }: { plans: readonly PublicPlan[] }) {
  return (
    <Section tone="muted" aria-labelledby="plans">
      <SectionHeading
        id="plans"
        eyebrow="Plans"
        title="Choose your plan"
        description="Pay monthly, save 15% with a quarterly plan, or pay once for lifetime access. Prices are in USDT."
      />
      {plans.length === 0 ? (
        <p role="alert" className="text-center text-muted-foreground">
          Error loading pricing plans. Please try again later.
        </p>
      ) : (
        <Tabs defaultValue="monthly" className="items-center gap-8">
          <TabsList aria-label="Billing period" className="h-11">
            {billingPeriods.map((period) => (
              <TabsTrigger key={period} value={period} className="px-4">
                {periodNames[period]}
                {period === "quarterly" ? <Badge variant="success">Save 15%</Badge> : null}
              </TabsTrigger>
            ))}
          </TabsList>
          {billingPeriods.map((period) => (
            <TabsContent key={period} value={period} className="w-full">
              <ul className="flex flex-wrap justify-center gap-6">
                {plans.map((plan) => (
                  <li key={plan.id} className="w-full md:w-[calc(50%-0.75rem)] lg:w-[calc((100%-3rem)/3)]">
                    <PlanCard
                      plan={plan}
                      period={period}
                      action={
                        <Button asChild className="w-full" variant={plan.badge ? "default" : "outline"}>
                          {/* The pricing page pre-adds a plan passed as preSelectedPlan, at this tab's period. */}
                          <Link to="/pricing" state={{ preSelectedPlan: plan.planId, billingPeriod: period }}>
                            Choose {plan.name}
                          </Link>
                        </Button>
                      }
                    />
                  </li>
                ))}
              </ul>
            </TabsContent>
          ))}
        </Tabs>
      )}
    </Section>
  );
}
