import { LockIcon } from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { toast } from "~/components/ui/sonner";
import { Switch } from "~/components/ui/switch";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { MemberSubscription } from "~/lib/view-types/member";
import { capitalize, formatDate, periodName } from "./format";
import { useMemberAction, type ActionAnswer } from "./use-member-action";

/** The member's subscriptions: plan, period, status, start, "Ends On", autorenew. */
export function MemberSubscriptions({ subscriptions }: { subscriptions: readonly MemberSubscription[] }) {
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
              </TableRow>
            </TableHeader>
            <TableBody>
              {subscriptions.map((s) => (
                <TableRow key={s.id}>
                  <TableCell className="font-medium">
                    {s.planName}
                    {s.complimentary ? (
                      <Badge variant="secondary" className="ml-2">
                        Complimentary
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell>{periodName[s.billingPeriod]}</TableCell>
                  <TableCell>
                    <Badge variant={s.status === "active" ? "success" : "secondary"}>{capitalize(s.status)}</Badge>
                  </TableCell>
                  <TableCell>{formatDate(s.startDate)}</TableCell>
                  <TableCell>
                    {s.nextBillingDate ? formatDate(s.nextBillingDate) : <span aria-label="Never">∞</span>}
                  </TableCell>
                  <TableCell>
                    <AutorenewSwitch subscription={s} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

function AutorenewSwitch({ subscription }: { subscription: MemberSubscription }) {
  const [pending, setPending] = React.useState<boolean | null>(null);
  const { submit, busy } = useMemberAction<ActionAnswer & { autorenew?: boolean }>(
    "/api/dashboard/autorenew",
    (answer) => {
      if (answer.ok) toast.success(answer.autorenew ? "Autorenew enabled" : "Autorenew disabled");
      else toast.error("Failed to update autorenew setting", { description: answer.error });
      setPending(null);
    },
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
