import { LedgerFilters } from "~/components/admin/money/ledger-filters";
import { LedgerTable, LedgerTotals } from "~/components/admin/money/ledger-table";
import { MoneyTabs } from "~/components/admin/money/money-tabs";
import { adminMeta } from "~/lib/meta";
import type { StaffPermission } from "~/lib/staff-roles";
import { parseLedgerQuery } from "~/lib/validation/admin/money";
import type { LedgerExplorerView } from "~/lib/view-types/admin/money";
import { getDb } from "#server/db/client";
import { requireStaffPermission } from "#server/http/staff-guard";
import { listLedger } from "#server/staff/money/list-ledger";
import type { Route } from "./+types/admin.money";

export const meta: Route.MetaFunction = () => adminMeta("Money");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "money.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs): Promise<LedgerExplorerView> {
  await requireStaffPermission(request, permission);
  const { query, problems } = parseLedgerQuery(new URL(request.url).searchParams);
  return { ledger: await listLedger({ db: getDb(), query }), query, problems };
}

/** Every member's ledger entries, newest first: filtered, paged, with totals per kind. */
export default function AdminMoneyLedger({ loaderData }: Route.ComponentProps) {
  const { ledger, query, problems } = loaderData;
  return (
    <div className="grid min-w-0 gap-6">
      <h1 className="text-2xl font-bold">Money</h1>
      <MoneyTabs />
      {problems.length > 0 ? (
        <div role="alert" className="rounded-md border border-warning/50 bg-warning/10 p-3 text-sm">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}
      <LedgerFilters query={query} />
      <LedgerTotals totals={ledger.totals} />
      <LedgerTable ledger={ledger} query={query} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
