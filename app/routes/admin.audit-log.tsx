import { Link } from "react-router";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { StaffPermission } from "~/lib/staff-roles";
import { getDb } from "#server/db/client";
import { requireStaffPermission } from "#server/http/staff-guard";
import { listAuditLog } from "#server/staff/list-audit-log";
import type { Route } from "./+types/admin.audit-log";

export const meta: Route.MetaFunction = () => [{ title: "Audit log · Back office" }, { name: "robots", content: "noindex, nofollow" }];

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "audit.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPermission(request, permission);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return { log: await listAuditLog({ db: getDb(), page }) };
}

/** Every staff write, newest first: who, in which role, when, what, before and after. */
export default function AdminAuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, page, pageCount, total } = loaderData.log;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Audit log</h1>
        <p className="text-sm text-muted-foreground">{total === 1 ? "1 entry" : `${total} entries`}</p>
      </div>
      {entries.length === 0 ? (
        <p className="text-muted-foreground">No staff changes yet.</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>When (UTC)</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>What</TableHead>
              <TableHead>Change</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell className="whitespace-nowrap tabular-nums">{entry.at.slice(0, 19).replace("T", " ")}</TableCell>
                <TableCell>
                  <span className="block">{entry.actorLabel}</span>
                  <span className="block text-xs text-muted-foreground">{entry.actorRole}</span>
                </TableCell>
                <TableCell>
                  <code className="text-xs">{entry.action}</code>
                </TableCell>
                <TableCell>{entry.summary}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pages" className="flex items-center gap-4 text-sm">
          {page > 1 ? <Link to={`?page=${page - 1}`}>Newer</Link> : null}
          <span>
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? <Link to={`?page=${page + 1}`}>Older</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
