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

/** A plain press: the one a tab link answers in the page once scripts run (a ctrl- or shift-press still opens the link). */
const plainPress = (event: React.MouseEvent) =>
  event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;

/**
 * The "Choose plan type" tab set: the chosen period's panel holds `children`, so the
 * tabs control what they label. Only the active panel is rendered.
 *
 * With `hrefFor` each tab is also a link to the page showing that period, which the server
 * renders with it selected: how the period is chosen without scripts (or before they load), each
 * tab reachable with Tab. Once scripts run the tabs work in the page (the links are not followed)
 * with the arrow keys and the roving focus of the tabs pattern.
 */
export function BillingPeriodTabs({
  value,
  onValueChange,
  hrefFor,
  children,
  className,
  ...props
}: {
  value: BillingPeriod;
  onValueChange: (period: BillingPeriod) => void;
  hrefFor?: (period: BillingPeriod) => string;
} & Omit<React.ComponentProps<typeof Tabs>, "value" | "defaultValue" | "onValueChange">) {
  const headingId = React.useId();
  // Scripts run once the first effect has (a state of its own rather than useHydrated, whose shared
  // module would be one more file in the pricing page's first load).
  const [hydrated, setHydrated] = React.useState(false);
  React.useEffect(() => React.startTransition(() => setHydrated(true)), []);
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
          {tabs.map((tab) => {
            const label = (
              <>
                {tab.label}
                {tab.value === "quarterly" ? (
                  <Badge variant="success" className="px-1.5 text-[0.7rem]">
                    {`Save ${QUARTERLY_DISCOUNT_PERCENT}%`}
                  </Badge>
                ) : null}
              </>
            );
            if (!hrefFor)
              return (
                <TabsTrigger key={tab.value} value={tab.value} className="h-9 px-3">
                  {label}
                </TabsTrigger>
              );
            return (
              <TabsTrigger
                key={tab.value}
                value={tab.value}
                asChild
                className="h-9 px-3"
                onClick={(event) => {
                  if (plainPress(event)) event.preventDefault();
                }}
                // Without scripts no arrow key moves between tabs: each link keeps its place in the Tab order.
                {...(hydrated ? {} : { tabIndex: 0 })}
              >
                <a href={hrefFor(tab.value)}>{label}</a>
              </TabsTrigger>
            );
          })}
        </TabsList>
      </div>
      <TabsContent value={value}>{children}</TabsContent>
    </Tabs>
  );
}
