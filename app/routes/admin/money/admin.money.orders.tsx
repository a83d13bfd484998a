import { MoneyTabs } from "~/components/admin/money/money-tabs";
import { OrderSettingsCard } from "~/components/admin/money/order-settings-card";
import { TargetHistory } from "~/components/admin/target-history";
import { adminMeta } from "~/lib/meta";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { orderSettingsSchema } from "~/lib/validation/admin/order-settings";
import type { OrderSettingsView } from "~/lib/view-types/admin/money-orders";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { requireStaffPermission } from "#server/http/staff-guard";
import { getOrderSettings } from "#server/orders/get-order-settings";
import { listTargetHistory } from "#server/staff/list-target-history";
import { changeOrderSettings, ORDER_SETTINGS_TARGET } from "#server/staff/money/change-order-settings";
import type { Route } from "./+types/admin.money.orders";

export const meta: Route.MetaFunction = () => adminMeta("Orders");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "money.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs): Promise<OrderSettingsView> {
  const { staff } = await requireStaffPermission(request, permission);
  const db = getDb();
  const [settings, history] = await Promise.all([
    getOrderSettings({ db }),
    listTargetHistory({ db, target: ORDER_SETTINGS_TARGET, limit: 10 }),
  ]);
  return {
    settings,
    history,
    canChange: can(staff.role, "money.settings"),
    canReadAudit: can(staff.role, "audit.read"),
  };
}

export const action = defineAction({
  access: "staff",
  permission: "money.settings",
  schema: orderSettingsSchema,
  run: async ({ staff, input }) => ({
    settings: await changeOrderSettings({ db: getDb(), actor: staff.actor, settings: input }),
  }),
});

/** How long new orders' prices are held and how long they stay open: read by money staff, set by an owner. */
export default function AdminMoneyOrders({ loaderData }: Route.ComponentProps) {
  const { settings, history, canChange, canReadAudit } = loaderData;
  return (
    <div className="grid min-w-0 gap-8">
      <div className="grid gap-6">
        <h1 className="text-2xl font-bold">Money</h1>
        <MoneyTabs />
      </div>
      <OrderSettingsCard settings={settings} canChange={canChange} />
      <TargetHistory history={history} title="Changes" canReadAudit={canReadAudit} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
