import { data, Link } from "react-router";
import { PlanEditor } from "~/components/admin/plans/plan-editor";
import { TargetHistory } from "~/components/admin/target-history";
import { adminMeta } from "~/lib/meta";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { planTextsSchema } from "~/lib/validation/admin/plans";
import { newOrRecordIdParam, recordIdParam, routeParams } from "~/lib/validation/route-params";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { readRouteParams } from "#server/http/route-params";
import { requireStaffPermission } from "#server/http/staff-guard";
import { listTargetHistory } from "#server/staff/list-target-history";
import { listAdminPlans } from "#server/staff/plans/list-admin-plans";
import { PLAN_NOT_FOUND } from "#server/staff/plans/save-plan";
import { savePlanTexts } from "#server/staff/plans/save-plan-texts";
import type { Route } from "./+types/admin.plans.$planId";

export const meta: Route.MetaFunction = ({ data: loaded }) => adminMeta(loaded?.plan ? loaded.plan.name : "New plan");

/** `/admin/plans/new` or `/admin/plans/<id>`; anything else is 404. */
const pageParams = routeParams({ planId: newOrRecordIdParam });

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "content.write" satisfies StaffPermission;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  const canChangePrices = can(staff.role, "prices.write");
  const { planId: id } = readRouteParams(pageParams, params);
  // A new plan has a price from its first save, so creating one is for those who set prices.
  if (id === "new") {
    if (!canChangePrices) throw data("Not Found", { status: 404 });
    return { plan: null, history: null, canReadAudit: false, canChangePrices };
  }
  const [plan] = await listAdminPlans({ db: getDb(), planId: id });
  if (!plan) throw data("Not Found", { status: 404 });
  const history = await listTargetHistory({ db: getDb(), target: { type: "plan", id: String(plan.id) } });
  return { plan, history, canReadAudit: can(staff.role, "audit.read"), canChangePrices };
}

/**
 * Save a plan's texts, features and Telegram chats; audited. What members pay (prices, the
 * discount shown, publishing, creating a plan) goes to api.admin.plan-prices.ts (prices.write).
 */
export const action = defineAction({
  access: "staff",
  permission: "content.write",
  schema: planTextsSchema,
  // Saving texts needs an existing plan: a new one is created with its price (api.admin.plan-prices.ts).
  params: routeParams({ planId: recordIdParam }),
  notFound: PLAN_NOT_FOUND,
  run: async ({ input, staff, params: { planId } }) => {
    const saved = await savePlanTexts({ db: getDb(), planId, input, actor: staff.actor });
    return { id: saved.id, mode: saved.price.mode };
  },
});

export default function AdminPlanEdit({ loaderData }: Route.ComponentProps) {
  const { plan, history, canReadAudit, canChangePrices } = loaderData;
  return (
    <div className="grid gap-6">
      <p className="text-sm">
        <Link to="/admin/plans" className="text-muted-foreground hover:text-foreground">
          ← All plans
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{plan ? `Edit ${plan.name}` : "New plan"}</h1>
      {/* A new key per plan, so moving from one plan to the next starts a fresh form. */}
      <PlanEditor key={plan?.id ?? "new"} plan={plan} canChangePrices={canChangePrices} />
      {history ? <TargetHistory history={history} canReadAudit={canReadAudit} /> : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
