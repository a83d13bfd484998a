import { LockIcon } from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { toast } from "~/components/ui/sonner";
import { Switch } from "~/components/ui/switch";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { coveredLine, pendingChangeLine } from "~/lib/billing/complimentary-cover";
import { NO_SWITCHING, type PlanSwitching } from "~/lib/billing/plan-switch";
import { trialConvertedText } from "~/lib/trial-converted";
import type { PublicPlan } from "~/lib/view-types/content";
import type { MemberSubscription } from "~/lib/view-types/member";
import { capitalize, formatDate, periodName } from "./format";
import { hasPlanChange, PlanChange } from "./plan-change";
import { useMemberAction, type ActionAnswer } from "./use-member-action";

/**
 * What a row's end date is, in words, where a phone shows it beside the date (the header row is
 * hidden there): an active plan that auto-renews renews on it; anything else ends on it.
 */
function endLabel(s: MemberSubscription): string {
  if (s.status !== "active") return "Ended on";
  if (s.trial) return "Trial ends on";
  return s.autorenew && !s.complimentary && s.billingPeriod !== "lifetime" ? "Renews on" : "Ends on";
}

/**
 * The member's subscriptions: plan, period, status, start, "Ends On", autorenew. On a phone each
 * row is a card whose values carry their labels (started, renews or ends on, auto-renew).
 */
export function MemberSubscriptions({
  subscriptions,
  plans = [],
  switching = NO_SWITCHING,
}: {
  subscriptions: readonly MemberSubscription[];
  /** The plans on sale and the member's active plans: what a subscription can change to at renewal. */
  plans?: readonly PublicPlan[];
  switching?: PlanSwitching;
}) {
  return (
    <section aria-labelledby="my-subscriptions-title" className="grid grid-cols-1 gap-3">
      <h2 id="my-subscriptions-title" className="text-xl font-semibold">
        Your subscriptions
      </h2>
      {subscriptions.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          You have no subscriptions yet.
        </p>
      ) : (
        <div className="rounded-lg border">
          <Table aria-labelledby="my-subscriptions-title">
            <TableHeader>
              <TableRow>
                <TableHead>Plan</TableHead>
                <TableHead>Period</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Start date</TableHead>
                <TableHead>Ends On</TableHead>
                <TableHead>Autorenew</TableHead>
                <TableHead>Change</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {subscriptions.map((s) => (
                <TableRow key={s.id} data-slot="member-subscription">
                  <TableCell className="font-medium max-sm:text-base">
                    {s.planName}
                    {s.complimentary ? (
                      <Badge variant="secondary" className="ml-2">
                        Complimentary
                      </Badge>
                    ) : null}
                    {s.trial ? (
                      <Badge variant="secondary" className="ml-2">
                        Free trial
                      </Badge>
                    ) : null}
                    {s.trialConvertedAt ? (
                      <span className="block text-xs font-normal text-muted-foreground" data-slot="trial-converted">
                        {trialConvertedText(s.trialConvertedAt)}
                      </span>
                    ) : null}
                    {s.coveredBy ? (
                      <span className="block text-xs font-normal text-muted-foreground" data-slot="covered-by">
                        {coveredLine(s.coveredBy, formatDate)}
                      </span>
                    ) : null}
                    {s.pendingChange ? (
                      <span className="block text-xs font-normal text-muted-foreground" data-slot="pending-change">
                        {pendingChangeLine(s.pendingChange, formatDate)}
                      </span>
                    ) : null}
                    <TrialReplaces subscription={s} switching={switching} />
                  </TableCell>
                  <TableCell label="Period" data-column="period">
                    {periodName[s.billingPeriod]}
                  </TableCell>
                  <TableCell label="Status" data-column="status">
                    <Badge variant={s.status === "active" ? "success" : "secondary"}>{capitalize(s.status)}</Badge>
                  </TableCell>
                  <TableCell label="Started" data-column="start">
                    {formatDate(s.startDate)}
                  </TableCell>
                  <TableCell label={endLabel(s)} data-column="end">
                    {s.nextBillingDate ? formatDate(s.nextBillingDate) : <span aria-label="Never">∞</span>}
                  </TableCell>
                  <TableCell label="Auto-renew" data-column="autorenew" className="max-sm:flex max-sm:items-center">
                    <AutorenewSwitch subscription={s} />
                  </TableCell>
                  {hasPlanChange({ subscription: s, plans, switching }) ? (
                    <TableCell label="Change" data-column="change">
                      <PlanChange subscription={s} plans={plans} switching={switching} />
                    </TableCell>
                  ) : (
                    // Nothing to change to: no label on a phone's card for an empty value.
                    <TableCell />
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

/**
 * On a trial that will convert over a plan it includes: that plan ends at the conversion and its
 * unused days come off the first charge, as an upgrade's would. The plans named are those the
 * conversion replaces (the trial's plan covers them; never a complimentary or lifetime one).
 */
function TrialReplaces({ subscription: s, switching }: { subscription: MemberSubscription; switching: PlanSwitching }) {
  if (!s.trial || s.status !== "active" || !s.autorenew) return null;
  const covers = switching.reach.find((reach) => reach.planId === s.planId)?.covers ?? [];
  const names = switching.held
    .filter((held) => covers.includes(held.subscriptionId) && !held.complimentary && held.period !== "lifetime")
    .map((held) => held.name);
  if (names.length === 0) return null;
  return (
    <p data-slot="trial-replaces" className="mt-1 text-xs font-normal text-muted-foreground">
      {`When the trial continues, ${names.join(", ")} ends and its unused days come off the first charge.`}
    </p>
  );
}

function AutorenewSwitch({ subscription }: { subscription: MemberSubscription }) {
  const [pending, setPending] = React.useState<boolean | null>(null);
  const { submit, busy } = useMemberAction<ActionAnswer & { autorenew?: boolean }>(
    (answer) => {
      if (answer.ok) toast.success(answer.autorenew ? "Autorenew enabled" : "Autorenew disabled");
      else toast.error("Failed to update autorenew setting", { description: answer.error });
      setPending(null);
    },
    { action: "/api/dashboard/autorenew" },
  );

  // Lifetime never renews and a complimentary plan is never charged: locked.
  if (subscription.billingPeriod === "lifetime" || subscription.complimentary) {
    const why =
      subscription.billingPeriod === "lifetime"
        ? "Lifetime subscriptions never renew"
        : "A complimentary plan is never charged";
    return (
      <span className="inline-flex items-center gap-1 text-muted-foreground" title={why}>
        <LockIcon className="size-3.5" aria-hidden="true" />
        N/A
      </span>
    );
  }
  const checked = pending ?? subscription.autorenew;
  return (
    <Switch
      checked={checked}
      disabled={busy || subscription.status !== "active"}
      aria-label={`Autorenew ${subscription.planName}`}
      onCheckedChange={(next) => {
        setPending(next);
        submit({ subscriptionId: subscription.id, autorenew: next });
      }}
    />
  );
}
