import { OverviewFigures } from "~/components/admin/overview/overview-figures";
import { adminMeta } from "~/lib/meta";
import type { StaffPermission } from "~/lib/staff-roles";
import { getDb } from "#server/db/client";
import { requireStaffPermission } from "#server/http/staff-guard";
import { getAdminOverview } from "#server/staff/overview/get-admin-overview";
import type { Route } from "./+types/admin._index";

export const meta: Route.MetaFunction = () => adminMeta("Overview");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "overview.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  return { overview: await getAdminOverview({ db: getDb(), role: staff.role }) };
}

/** The first page of the back office: the figures to check first, by what the role may see. */
export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">Overview</h1>
      <OverviewFigures overview={overview} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
