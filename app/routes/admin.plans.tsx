import { PlusIcon } from "lucide-react";
import { Link } from "react-router";
import { PlansTable } from "~/components/admin/plans/plans-table";
import { Button } from "~/components/ui/button";
import { adminMeta } from "~/lib/meta";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { arrangePlanSchema } from "~/lib/validation/admin/plans";
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
      const cancelled = await cancelScheduledPriceChange({
        db: getDb(),
        planId: input.planId,
        changeId: input.changeId,
        actor: staff.actor,
      });
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
      <PlansTable plans={plans} canWrite={canWrite} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
