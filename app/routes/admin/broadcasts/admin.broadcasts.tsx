import { BroadcastsTable } from "~/components/admin/broadcasts/broadcasts-table";
import { ListHeader } from "~/components/admin/list/list-header";
import { adminMeta } from "~/lib/meta";
import type { StaffPermission } from "~/lib/staff-roles";
import { BROADCASTS_PER_PAGE, readBroadcastListQuery } from "~/lib/validation/admin/broadcasts";
import { getDb } from "#server/db/client";
import { requireStaffPermission } from "#server/http/staff-guard";
import { listBroadcastPage } from "#server/staff/broadcasts/list-broadcast-page";
import type { Route } from "./+types/admin.broadcasts";

export const meta: Route.MetaFunction = () => adminMeta("Broadcasts");

/** Writing to every member at once is for owners and admins. */
export const permission = "broadcasts.send" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPermission(request, permission);
  const query = readBroadcastListQuery(new URL(request.url).searchParams);
  const page = await listBroadcastPage({ db: getDb(), query, perPage: BROADCASTS_PER_PAGE });
  return { query, page };
}

export default function AdminBroadcasts({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <ListHeader title="Broadcasts" newItem={{ to: "/admin/broadcasts/new", label: "New broadcast" }} />
      <BroadcastsTable query={loaderData.query} page={loaderData.page} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
