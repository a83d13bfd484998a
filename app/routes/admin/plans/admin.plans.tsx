import { ListHeader } from "~/components/admin/list/list-header";
import { PlansTable } from "~/components/admin/plans/plans-table";
import { PRICES_NOT_YOURS } from "~/components/admin/plans/prices-not-yours";
import { adminMeta } from "~/lib/meta";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { arrangePlanSchema } from "~/lib/validation/admin/plans";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { requireStaffPermission } from "#server/http/staff-guard";
import { arrangePlan } from "#server/staff/plans/arrange-plan";
import { listAdminPlans } from "#server/staff/plans/list-admin-plans";
import type { Route } from "./+types/admin.plans";

export const meta: Route.MetaFunction = () => adminMeta("Plans");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "content.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  return {
    plans: await listAdminPlans({ db: getDb() }),
    canWrite: can(staff.role, "content.write"),
    canChangePrices: can(staff.role, "prices.write"),
  };
}

/**
 * Move a plan up or down the pricing page; audited. Publishing is what members can buy, so it
 * is the prices action's (api.admin.plan-prices.ts, prices.write).
 */
export const action = defineAction({
  access: "staff",
  permission: "content.write",
  schema: arrangePlanSchema,
  run: async ({ input, staff }) =>
    arrangePlan({ db: getDb(), planId: input.planId, change: { move: input.direction }, actor: staff.actor }),
});

/** Plans in pricing-page order: prices for each period, state, renewing members, a waiting price. */
export default function AdminPlans({ loaderData }: Route.ComponentProps) {
  const { plans, canWrite, canChangePrices } = loaderData;
  return (
    <div className="grid gap-6">
      <ListHeader title="Plans" newItem={canChangePrices ? { to: "/admin/plans/new", label: "New plan" } : null} />
      {canWrite && !canChangePrices ? <p className="text-sm text-muted-foreground">{PRICES_NOT_YOURS}</p> : null}
      <PlansTable plans={plans} canWrite={canWrite} canChangePrices={canChangePrices} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
