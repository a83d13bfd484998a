import { ArrowDownIcon, ArrowUpIcon, PlusIcon } from "lucide-react";
import * as React from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/sonner";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { ActionAnswer } from "~/lib/action-answer";
import { formatUsdt } from "~/lib/money";
import { priceFor } from "~/lib/pricing";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { arrangePlanSchema } from "~/lib/validation/admin/plans";
import type { AdminPlan } from "~/lib/view-types/admin/plans";
import { adminMeta } from "~/lib/meta";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { requireStaffPermission } from "#server/http/staff-guard";
import { arrangePlan } from "#server/staff/plans/arrange-plan";
import { cancelScheduledPriceChange } from "#server/staff/plans/cancel-scheduled-price-change";
import { listAdminPlans } from "#server/staff/plans/list-admin-plans";
import type { Route } from "./+types/admin.plans";

export const meta: Route.MetaFunction = () => adminMeta("Plans");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "content.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  return { plans: await listAdminPlans({ db: getDb() }), canWrite: can(staff.role, "content.write") };
}

/** Publish or unpublish a plan, move it on the pricing page, or cancel a scheduled price rise; audited. */
export const action = defineAction({
  access: "staff",
  permission: "content.write",
  schema: arrangePlanSchema,
  run: async ({ input, staff }) => {
    if (input.intent === "cancel_price_change") {
      const cancelled = await cancelScheduledPriceChange({ db: getDb(), planId: input.planId, changeId: input.changeId, actor: staff.actor });
      return { changed: true, price: cancelled.price.toString(), notified: cancelled.notified };
    }
    return arrangePlan({
      db: getDb(),
      planId: input.planId,
      change: input.intent === "publish" ? { published: input.published } : { move: input.direction },
      actor: staff.actor,
    });
  },
});

/** Plans in pricing-page order: prices for each period, state, renewing members, a waiting price. */
export default function AdminPlans({ loaderData }: Route.ComponentProps) {
  const { plans, canWrite } = loaderData;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Plans</h1>
        {canWrite ? (
          <Button asChild>
            <Link to="/admin/plans/new">
              <PlusIcon aria-hidden="true" />
              New plan
            </Link>
          </Button>
        ) : null}
      </div>
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
            <PlanRow key={plan.id} plan={plan} canWrite={canWrite} first={i === 0} last={i === plans.length - 1} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function PlanRow({ plan, canWrite, first, last }: { plan: AdminPlan; canWrite: boolean; first: boolean; last: boolean }) {
  const fetcher = useFetcher<ActionAnswer<{ changed: boolean }>>();
  useFetcherAnswer(fetcher, (answer) => {
    if (!answer.ok) toast.error("Plan not changed", { description: answer.error });
  });
  const price = BigInt(plan.price);
  const busy = fetcher.state !== "idle";
  const send = (fields: Record<string, string>) => fetcher.submit({ planId: String(plan.id), ...fields }, { method: "post" });
  return (
    <TableRow>
      <TableCell className="font-medium">
        {canWrite ? <Link to={`/admin/plans/${plan.id}`}>{plan.name}</Link> : plan.name}
        {plan.scheduled ? (
          <span className="block text-xs text-muted-foreground">
            Renewals at {formatUsdt(BigInt(plan.scheduled.oldPrice))} until {plan.scheduled.effectiveAt.slice(0, 10)}
          </span>
        ) : null}
      </TableCell>
      <TableCell className="tabular-nums">{formatUsdt(priceFor(price, "monthly"))}</TableCell>
      <TableCell className="tabular-nums">{formatUsdt(priceFor(price, "quarterly"))}</TableCell>
      <TableCell className="tabular-nums">{formatUsdt(priceFor(price, "lifetime"))}</TableCell>
      <TableCell className="tabular-nums">{plan.renewing}</TableCell>
      <TableCell>
        <div className="flex items-center gap-2">
          {plan.published ? <Badge variant="success">Published</Badge> : <Badge variant="outline">Draft</Badge>}
          {canWrite ? (
            <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => send({ intent: "publish", published: String(!plan.published) })}>
              {plan.published ? "Unpublish" : "Publish"}
              <span className="sr-only"> {plan.name}</span>
            </Button>
          ) : null}
        </div>
      </TableCell>
      {canWrite ? (
        <TableCell>
          <Button type="button" size="icon" variant="ghost" aria-label={`Move ${plan.name} up`} disabled={busy || first} onClick={() => send({ intent: "move", direction: "up" })}>
            <ArrowUpIcon />
          </Button>
          <Button type="button" size="icon" variant="ghost" aria-label={`Move ${plan.name} down`} disabled={busy || last} onClick={() => send({ intent: "move", direction: "down" })}>
            <ArrowDownIcon />
          </Button>
        </TableCell>
      ) : null}
    </TableRow>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
