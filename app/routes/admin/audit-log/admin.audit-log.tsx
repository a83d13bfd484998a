import { data } from "react-router";
import { AuditLogFilters } from "~/components/admin/audit-log/audit-log-filters";
import { AuditLogTable } from "~/components/admin/audit-log/audit-log-table";
import { adminMeta } from "~/lib/meta";
import type { StaffPermission } from "~/lib/staff-roles";
import { auditFilterSchema } from "~/lib/validation/admin/audit-log";
import { fieldErrors } from "~/lib/validation/fields";
import { getDb } from "#server/db/client";
import { requireStaffPermission } from "#server/http/staff-guard";
import { listAuditLog } from "#server/staff/audit-log/list-audit-log";
import type { Route } from "./+types/admin.audit-log";

export const meta: Route.MetaFunction = () => adminMeta("Audit log");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "audit.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPermission(request, permission);
  const parsed = auditFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw data(Object.values(fieldErrors(parsed.error)).join(" "), { status: 400 });
  const { page, ...filter } = parsed.data;
  return { log: await listAuditLog({ db: getDb(), page, filter }), filter };
}

/** Every staff write, newest first: who, in which role, when, what, before and after; filterable. */
export default function AdminAuditLog({ loaderData }: Route.ComponentProps) {
  const { log, filter } = loaderData;
  const filtered = Boolean(filter.who || filter.action || filter.target);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Audit log</h1>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {log.total === 1 ? "1 entry" : `${log.total} entries`}
          {filtered ? " match the filters" : ""}
        </p>
      </div>
      <AuditLogFilters filter={filter} choices={log.choices} />
      <AuditLogTable log={log} filter={filter} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
