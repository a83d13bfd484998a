import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { isBillingPeriod, QUARTERLY_DISCOUNT_PERCENT, type BillingPeriod } from "~/lib/pricing";
import { cn } from "~/lib/utils";

const tabs: { value: BillingPeriod; label: string }[] = [
  { value: "monthly", label: "Monthly" },
  { value: "quarterly", label: "Quarterly" },
  { value: "lifetime", label: "Lifetime" },
];

/**
 * The "Choose plan type" tab set: the chosen period's panel holds `children`, so the
 * tabs control what they label. Only the active panel is rendered.
 */
export function BillingPeriodTabs({
  value,
  onValueChange,
  children,
  className,
  ...props
}: {
  value: BillingPeriod;
  onValueChange: (period: BillingPeriod) => void;
} & Omit<React.ComponentProps<typeof Tabs>, "value" | "defaultValue" | "onValueChange">) {
  const headingId = React.useId();
  return (
    <Tabs
      data-slot="billing-period-tabs"
      value={value}
      onValueChange={(next) => isBillingPeriod(next) && onValueChange(next)}
      className={cn("gap-6", className)}
      {...props}
    >
      <div className="flex flex-col items-center gap-3">
        <h2 id={headingId} className="text-base font-semibold text-muted-foreground">
          Choose plan type
        </h2>
        <TabsList aria-labelledby={headingId} className="h-auto w-full max-w-md">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} className="h-9 px-3">
              {tab.label}
              {tab.value === "quarterly" ? (
                <Badge variant="success" className="px-1.5 text-[0.7rem]">
                  {`Save ${QUARTERLY_DISCOUNT_PERCENT}%`}
                </Badge>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      <TabsContent value={value}>{children}</TabsContent>
    </Tabs>
  );
}
