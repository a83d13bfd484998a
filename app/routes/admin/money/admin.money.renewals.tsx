import { ChatRemovalFailuresTable } from "~/components/admin/money/chat-removal-failures-table";
import { DueRenewalsTable } from "~/components/admin/money/due-renewals-table";
import { MoneyTabs } from "~/components/admin/money/money-tabs";
import { RenewalRunsTable } from "~/components/admin/money/renewal-runs-table";
import { adminMeta } from "~/lib/meta";
import type { StaffPermission } from "~/lib/staff-roles";
import { RENEWALS_PAGE_SIZE, RENEWALS_WINDOW_DAYS, renewalsQuerySchema } from "~/lib/validation/admin/money";
import type { RenewalsView } from "~/lib/view-types/admin/money";
import { getDb } from "#server/db/client";
import { requireStaffPermission } from "#server/http/staff-guard";
import { listChatRemovalFailures } from "#server/staff/money/list-chat-removal-failures";
import { listDueRenewals } from "#server/staff/money/list-due-renewals";
import { listRenewalRuns } from "#server/staff/money/list-renewal-runs";
import type { Route } from "./+types/admin.money.renewals";

export const meta: Route.MetaFunction = () => adminMeta("Renewals");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "money.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs): Promise<RenewalsView> {
  await requireStaffPermission(request, permission);
  const { page } = renewalsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = getDb();
  const until = new Date(Date.now() + RENEWALS_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const [due, runs, chatRemovals] = await Promise.all([
    listDueRenewals({ db, until, page, pageSize: RENEWALS_PAGE_SIZE }),
    listRenewalRuns({ db }),
    listChatRemovalFailures({ db }),
  ]);
  return { due, ...runs, chatRemovals };
}

/**
 * The coming week's renewals (who will lapse, by how much), what the renewal job did lately, and
 * the members it could not take out of a paid chat.
 */
export default function AdminMoneyRenewals({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid min-w-0 gap-6">
      <h1 className="text-2xl font-bold">Money</h1>
      <MoneyTabs />
      <DueRenewalsTable due={loaderData.due} />
      <RenewalRunsTable runs={loaderData.runs} lastRunAt={loaderData.lastRunAt} />
      <ChatRemovalFailuresTable failures={loaderData.chatRemovals} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
