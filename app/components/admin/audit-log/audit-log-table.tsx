import { Link } from "react-router";
import { EmptyState } from "~/components/admin/list/empty-state";
import { Pager } from "~/components/admin/list/pager";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatTimestamp } from "~/lib/dates";
import { auditLogQuery, type AuditFilter } from "~/lib/validation/admin/audit-log";
import type { AuditPage } from "~/lib/view-types/admin/audit-log";

/** One page of entries, newest first, and the links to the pages around it (keeping the filters). */
export function AuditLogTable({ log, filter }: { log: AuditPage; filter: Omit<AuditFilter, "page"> }) {
  const { entries, page, pageCount } = log;
  const filtered = Boolean(filter.who || filter.action || filter.target);
  return (
    <>
      {entries.length === 0 ? (
        <EmptyState>{filtered ? "No entries match these filters." : "No staff changes yet."}</EmptyState>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>When</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>What</TableHead>
              <TableHead>Target</TableHead>
              <TableHead>Change</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell label="When" className="whitespace-nowrap tabular-nums">
                  {formatTimestamp(entry.at)}
                </TableCell>
                <TableCell label="Who">
                  <span className="block">{entry.actorLabel}</span>
                  <span className="block text-xs text-muted-foreground">{entry.actorRole}</span>
                </TableCell>
                <TableCell label="What">
                  <code className="text-xs">{entry.action}</code>
                </TableCell>
                <TableCell label="Target">
                  <Link
                    to={auditLogQuery({ target: entry.target })}
                    className="text-xs underline underline-offset-4"
                    title="Only this target's entries"
                  >
                    {entry.target}
                  </Link>
                </TableCell>
                <TableCell className="whitespace-normal">{entry.summary}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pager
        page={page}
        pageCount={pageCount}
        href={(to) => auditLogQuery({ ...filter, page: to }) || "?"}
        previous="Newer"
        next="Older"
      />
    </>
  );
}
