import { MoneyTabs } from "~/components/admin/money/money-tabs";
import { ReconciliationPanel } from "~/components/admin/money/reconciliation-panel";
import { useMoneyAction } from "~/components/admin/money/use-money-action";
import { adminMeta } from "~/lib/meta";
import { plural } from "~/lib/plural";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { reconcileActionSchema } from "~/lib/validation/admin/money";
import type { ReconciliationView } from "~/lib/view-types/admin/money";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { requireStaffPermission } from "#server/http/staff-guard";
import { readLastReconciliation, runReconciliationNow } from "#server/staff/money/reconciliation";
import type { Route } from "./+types/admin.money.reconciliation";

export const meta: Route.MetaFunction = () => adminMeta("Reconciliation");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "money.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs): Promise<ReconciliationView> {
  const { staff } = await requireStaffPermission(request, permission);
  return { last: await readLastReconciliation({ db: getDb() }), canWrite: can(staff.role, "money.write") };
}

export const action = defineAction({
  access: "staff",
  permission: "money.write",
  schema: reconcileActionSchema,
  run: async ({ staff }) => {
    const result = await runReconciliationNow({ db: getDb(), actor: staff.actor });
    return {
      message: result.consistent
        ? `${result.checked === 1 ? "The 1 balance matches" : `All ${plural(result.checked, "balance")} match`} their ledger.`
        : `${result.mismatches.length} of ${result.checked} balances differ from their ledger.`,
    };
  },
});

/** The ledger check: its last result, the members whose balance differs, and "run now". */
export default function AdminMoneyReconciliation({ loaderData }: Route.ComponentProps) {
  const { send, busy } = useMoneyAction();
  return (
    <div className="grid min-w-0 gap-6">
      <h1 className="text-2xl font-bold">Money</h1>
      <MoneyTabs />
      <ReconciliationPanel {...loaderData} busy={busy} onRun={() => send({ intent: "reconcile" })} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
