import { data, Form, Link } from "react-router";
import { auditTime } from "~/components/admin/target-history";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { StaffPermission } from "~/lib/staff-roles";
import { auditFilterSchema, auditLogQuery } from "~/lib/validation/admin/audit-log";
import { fieldErrors } from "~/lib/validation/fields";
import { adminMeta } from "~/lib/meta";
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

const selectClass = "h-9 w-full rounded-md border bg-background px-2 text-sm";

/** Every staff write, newest first: who, in which role, when, what, before and after; filterable. */
export default function AdminAuditLog({ loaderData }: Route.ComponentProps) {
  const { log, filter } = loaderData;
  const { entries, page, pageCount, total, choices } = log;
  const filtered = Boolean(filter.who || filter.action || filter.target);
  // A remembered choice that no longer occurs still shows as chosen.
  const actors = filter.who && !choices.actors.includes(filter.who) ? [filter.who, ...choices.actors] : choices.actors;
  const actions = filter.action && !choices.actions.includes(filter.action) ? [filter.action, ...choices.actions] : choices.actions;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Audit log</h1>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {total === 1 ? "1 entry" : `${total} entries`}
          {filtered ? " match the filters" : ""}
        </p>
      </div>
      {/* A plain GET form: the filters live in the address, so a filtered page can be shared, reloaded and paged. */}
      <Form method="get" className="grid gap-4 rounded-xl border p-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end" aria-label="Filter the audit log">
        <FormField id="audit-who" label="Staff member">
          <select id="audit-who" name="who" defaultValue={filter.who ?? ""} className={selectClass} key={`who-${filter.who ?? ""}`}>
            <option value="">Anyone</option>
            {actors.map((label) => (
              <option key={label} value={label}>
                {label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="audit-action" label="Action">
          <select id="audit-action" name="action" defaultValue={filter.action ?? ""} className={selectClass} key={`action-${filter.action ?? ""}`}>
            <option value="">Any action</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="audit-target" label="Target" hint="A kind (plan) or one record (plan:3)">
          <Input id="audit-target" name="target" defaultValue={filter.target ?? ""} key={`target-${filter.target ?? ""}`} placeholder="plan:3" />
        </FormField>
        <div className="flex items-center gap-3 sm:pb-6">
          <Button type="submit">Filter</Button>
          {filtered ? (
            <Link to="/admin/audit-log" className="text-sm underline underline-offset-4">
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
      {entries.length === 0 ? (
        <p className="text-muted-foreground">{filtered ? "No entries match these filters." : "No staff changes yet."}</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>When (UTC)</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>What</TableHead>
              <TableHead>Target</TableHead>
              <TableHead>Change</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell className="whitespace-nowrap tabular-nums">{auditTime(entry.at).replace(" UTC", "")}</TableCell>
                <TableCell>
                  <span className="block">{entry.actorLabel}</span>
                  <span className="block text-xs text-muted-foreground">{entry.actorRole}</span>
                </TableCell>
                <TableCell>
                  <code className="text-xs">{entry.action}</code>
                </TableCell>
                <TableCell>
                  <Link to={auditLogQuery({ target: entry.target })} className="text-xs underline underline-offset-4" title="Only this target's entries">
                    {entry.target}
                  </Link>
                </TableCell>
                <TableCell className="whitespace-normal">{entry.summary}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pages" className="flex items-center gap-4 text-sm">
          {page > 1 ? <Link to={auditLogQuery({ ...filter, page: page - 1 }) || "?"}>Newer</Link> : null}
          <span>
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? <Link to={auditLogQuery({ ...filter, page: page + 1 })}>Older</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
