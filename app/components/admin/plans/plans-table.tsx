import { ArrowDownIcon, ArrowUpIcon } from "lucide-react";
import { Link } from "react-router";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/sonner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { ActionAnswer } from "~/lib/action-answer";
import { formatDate } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import { priceFor } from "~/lib/pricing";
import type { AdminPlan } from "~/lib/view-types/admin/plans";

/** Plans in pricing-page order: prices for each period, state, renewing members, a waiting price. */
export function PlansTable({
  plans,
  canWrite,
  canChangePrices,
}: {
  plans: AdminPlan[];
  canWrite: boolean;
  /** prices.write: publishing is what members can buy, so it is not content. */
  canChangePrices: boolean;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Plan</TableHead>
          <TableHead>Monthly</TableHead>
          <TableHead>Quarterly</TableHead>
          <TableHead>Lifetime</TableHead>
          <TableHead>Renewing</TableHead>
          <TableHead>State</TableHead>
          {canWrite ? <TableHead>Order</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {plans.map((plan, i) => (
          <PlanRow
            key={plan.id}
            plan={plan}
            canWrite={canWrite}
            canChangePrices={canChangePrices}
            first={i === 0}
            last={i === plans.length - 1}
          />
        ))}
      </TableBody>
    </Table>
  );
}

function PlanRow({
  plan,
  canWrite,
  canChangePrices,
  first,
  last,
}: {
  plan: AdminPlan;
  canWrite: boolean;
  canChangePrices: boolean;
  first: boolean;
  last: boolean;
}) {
  const onAnswer = (answer: ActionAnswer<{ changed: boolean }>) => {
    if (!answer.ok) toast.error("Plan not changed", { description: answer.error });
  };
  const mover = useStaffAction(onAnswer);
  const publisher = useStaffAction(onAnswer, { action: "/api/admin/plan-prices" });
  const busy = mover.busy || publisher.busy;
  const price = BigInt(plan.price);
  const send = (fields: Record<string, string>) => mover.submit({ planId: String(plan.id), ...fields });
  return (
    <TableRow>
      <TableCell className="font-medium">
        {canWrite ? <Link to={`/admin/plans/${plan.id}`}>{plan.name}</Link> : plan.name}
        {plan.trialDays > 0 ? (
          <span className="block text-xs text-muted-foreground">{`${plan.trialDays}-day free trial`}</span>
        ) : null}
        {plan.scheduled ? (
          <span className="block text-xs text-muted-foreground">
            Renewals at {formatUsdt(BigInt(plan.scheduled.oldPrice))} until {formatDate(plan.scheduled.effectiveAt)}
          </span>
        ) : null}
      </TableCell>
      <TableCell label="Monthly" className="tabular-nums">
        {formatUsdt(priceFor(price, "monthly"))}
      </TableCell>
      <TableCell label="Quarterly" className="tabular-nums">
        {formatUsdt(priceFor(price, "quarterly"))}
      </TableCell>
      <TableCell label="Lifetime" className="tabular-nums">
        {formatUsdt(priceFor(price, "lifetime"))}
      </TableCell>
      <TableCell label="Renewing" className="tabular-nums">
        {plan.renewing}
      </TableCell>
      <TableCell>
        <div className="flex items-center gap-2">
          {plan.published ? <Badge variant="success">Published</Badge> : <Badge variant="outline">Draft</Badge>}
          {canChangePrices ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() =>
                publisher.submit({ intent: "publish", planId: String(plan.id), published: String(!plan.published) })
              }
            >
              {plan.published ? "Unpublish" : "Publish"}
              <span className="sr-only"> {plan.name}</span>
            </Button>
          ) : null}
        </div>
      </TableCell>
      {canWrite ? (
        <TableCell>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={`Move ${plan.name} up`}
            disabled={busy || first}
            onClick={() => send({ intent: "move", direction: "up" })}
          >
            <ArrowUpIcon />
          </Button>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={`Move ${plan.name} down`}
            disabled={busy || last}
            onClick={() => send({ intent: "move", direction: "down" })}
          >
            <ArrowDownIcon />
          </Button>
        </TableCell>
      ) : null}
    </TableRow>
  );
}
