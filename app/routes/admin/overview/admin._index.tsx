import { OverviewPage } from "~/components/admin/overview/overview-page";
import { adminMeta } from "~/lib/meta";
import type { StaffPermission } from "~/lib/staff-roles";
import { overviewRanges, type OverviewRange } from "~/lib/view-types/admin/overview";
import { getDb } from "#server/db/client";
import { requireStaffPermission } from "#server/http/staff-guard";
import { getAdminOverview } from "#server/staff/overview/get-admin-overview";
import type { Route } from "./+types/admin._index";

export const meta: Route.MetaFunction = () => adminMeta("Overview");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "overview.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  // The charts' range: 30 days unless ?days=90; anything else falls back to 30.
  const asked = Number(new URL(request.url).searchParams.get("days"));
  const range: OverviewRange = (overviewRanges as readonly number[]).includes(asked) ? (asked as OverviewRange) : 30;
  return { overview: await getAdminOverview({ db: getDb(), role: staff.role, range }) };
}

/** The first page of the back office: the figures to check first, by what the role may see. */
export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  return <OverviewPage overview={loaderData.overview} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
