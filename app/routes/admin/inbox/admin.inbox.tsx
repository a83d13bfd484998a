import { InboxList } from "~/components/admin/inbox/inbox-list";
import { adminMeta } from "~/lib/meta";
import type { StaffPermission } from "~/lib/staff-roles";
import { inboxFilterSchema } from "~/lib/validation/admin/inbox";
import { getDb } from "#server/db/client";
import { requireStaffPermission } from "#server/http/staff-guard";
import { listInboxMessages } from "#server/staff/inbox/list-inbox-messages";
import type { Route } from "./+types/admin.inbox";

export const meta: Route.MetaFunction = () => adminMeta("Inbox");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "inbox.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  const filter = inboxFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const page = await listInboxMessages({ db: getDb(), filter, viewerId: staff.userId });
  return { filter, page };
}

/** The support inbox: every message sent through the site's contact form. */
export default function AdminInbox({ loaderData }: Route.ComponentProps) {
  const { filter, page } = loaderData;
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold">Inbox</h1>
        <p className="text-sm text-muted-foreground">Messages sent through the site’s contact form.</p>
      </div>
      {/* A new key per query, so the form's fields show the filter the page was loaded with. */}
      <InboxList key={JSON.stringify(filter)} filter={filter} page={page} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
