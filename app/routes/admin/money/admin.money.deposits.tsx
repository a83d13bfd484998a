import { CreditedDepositsTable } from "~/components/admin/money/credited-deposits-table";
import { DepositWatcherHealthPanel } from "~/components/admin/money/deposit-watcher-health";
import { MoneyTabs } from "~/components/admin/money/money-tabs";
import { RescanForm } from "~/components/admin/money/rescan-form";
import { UncreditedTransfersTable } from "~/components/admin/money/uncredited-transfers-table";
import { TargetHistory } from "~/components/admin/target-history";
import { formatTimestamp } from "~/lib/dates";
import { adminMeta } from "~/lib/meta";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { parseDepositsQuery, rescanActionSchema } from "~/lib/validation/admin/money-deposits";
import type { DepositsView } from "~/lib/view-types/admin/money-deposits";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { requireStaffPermission } from "#server/http/staff-guard";
import { listTargetHistory } from "#server/staff/list-target-history";
import { getDepositWatcherHealth } from "#server/staff/money/get-deposit-watcher-health";
import { listCreditedDeposits } from "#server/staff/money/list-credited-deposits";
import { listUncreditedTransfers } from "#server/staff/money/list-uncredited-transfers";
import { DEPOSIT_WATCHER_TARGET, rescanDepositWatcher } from "#server/staff/money/rescan-deposit-watcher";
import type { Route } from "./+types/admin.money.deposits";

export const meta: Route.MetaFunction = () => adminMeta("Deposits");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "money.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs): Promise<DepositsView> {
  const { staff } = await requireStaffPermission(request, permission);
  const db = getDb();
  const { query, problems } = parseDepositsQuery(new URL(request.url).searchParams);
  const [deposits, uncredited, health, history] = await Promise.all([
    listCreditedDeposits({ db, query }),
    listUncreditedTransfers({ db }),
    getDepositWatcherHealth({ db }),
    listTargetHistory({ db, target: DEPOSIT_WATCHER_TARGET, limit: 10 }),
  ]);
  return {
    deposits,
    uncredited,
    health,
    history,
    paged: query.before !== null,
    canWrite: can(staff.role, "money.write"),
    canReadAudit: can(staff.role, "audit.read"),
    problems,
  };
}

export const action = defineAction({
  access: "staff",
  permission: "money.write",
  schema: rescanActionSchema,
  run: async ({ staff, input }) => {
    const { from, block } = await rescanDepositWatcher({
      db: getDb(),
      actor: staff.actor,
      from: "block" in input.from ? input.from : { at: new Date(input.from.at) },
    });
    const at = formatTimestamp(from);
    return {
      message:
        block === null
          ? `The watcher reads every transfer again from ${at}.`
          : `The watcher reads every transfer again from block ${block} (${at}).`,
    };
  },
});

/**
 * Deposits: what the watcher credited, what it saw to members' addresses and did not credit
 * (with why), how the watcher is doing, and "rescan from" for those who may move money.
 */
export default function AdminMoneyDeposits({ loaderData }: Route.ComponentProps) {
  const { deposits, uncredited, health, history, paged, canWrite, canReadAudit, problems } = loaderData;
  return (
    <div className="grid min-w-0 gap-8">
      <div className="grid gap-6">
        <h1 className="text-2xl font-bold">Money</h1>
        <MoneyTabs />
      </div>
      {problems.length > 0 ? (
        <div role="alert" className="rounded-md border border-warning/50 bg-warning/10 p-3 text-sm">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}
      <DepositWatcherHealthPanel health={health} />
      {canWrite ? <RescanForm /> : null}
      <UncreditedTransfersTable uncredited={uncredited} usdtContract={health.usdtContract} />
      <CreditedDepositsTable deposits={deposits} paged={paged} />
      <TargetHistory history={history} title="Watcher history" canReadAudit={canReadAudit} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
