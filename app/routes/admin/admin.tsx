import { data, Outlet } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { sectionsFor } from "~/lib/admin-sections";
import { adminMeta } from "~/lib/meta";
import { can } from "~/lib/staff-roles";
import { readSidebarState } from "#server/dashboard/dashboard-data";
import { getDb } from "#server/db/client";
import { withCookies } from "#server/http/auth-actions";
import { requireStaff } from "#server/http/staff-guard";
import { countNewInboxMessages } from "#server/staff/inbox/list-inbox-messages";
import { searchableKinds } from "#server/staff/search/search-back-office";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => adminMeta();

/**
 * The back office's layout: the staff guard (members get 404, staff without
 * two-factor go to set it up, 12 h idle ends the session) and the sections this role may use.
 * Every page below checks its own permission too: loaders run side by side, so a child must
 * never rely on this one having refused. The inbox's badge (new messages) is one count on an
 * index, read only for those who may open the inbox.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { staff, headers } = await requireStaff(request);
  const newMessages = can(staff.role, "inbox.read") ? await countNewInboxMessages({ db: getDb() }) : 0;
  return data(
    {
      viewer: { email: staff.email, name: staff.name, role: staff.role },
      sections: sectionsFor(staff.role).map(({ key, title, path }) => ({
        key,
        title,
        path,
        ...(key === "inbox"
          ? { badge: { count: newMessages, label: newMessages === 1 ? "new message" : "new messages" } }
          : {}),
      })),
      searchKinds: searchableKinds(staff.role),
      sidebarOpen: readSidebarState(request),
    },
    { headers: withCookies(headers) },
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell
      viewer={loaderData.viewer}
      sections={loaderData.sections}
      searchKinds={loaderData.searchKinds}
      sidebarOpen={loaderData.sidebarOpen}
    >
      <Outlet />
    </AdminShell>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
