import { Link } from "react-router";
import { EmptyState } from "~/components/admin/list/empty-state";
import { formatTimestamp } from "~/lib/dates";
import type { TargetHistory as TargetHistoryData } from "~/lib/view-types/admin/shared";

/**
 * One record's own audit history, for its edit page: newest first, who (and their
 * role then), when, what, and the fields that changed, before → after. The loader builds it
 * with `listTargetHistory` (server/staff/list-target-history.ts). For those who may read the
 * audit log (`canReadAudit`), a link opens it filtered to this record.
 */
export function TargetHistory({
  history,
  title = "History",
  canReadAudit = false,
}: {
  history: TargetHistoryData;
  title?: string;
  canReadAudit?: boolean;
}) {
  const auditLink = canReadAudit ? `/admin/audit-log?target=${encodeURIComponent(history.target)}` : undefined;
  const headingId = `history-${history.target.replace(/[^a-z0-9]+/gi, "-")}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {history.entries.length === 0 ? (
        <EmptyState className="text-sm">No changes recorded yet.</EmptyState>
      ) : (
        <ol className="grid gap-3">
          {history.entries.map((entry) => (
            <li key={entry.id} className="rounded-lg border p-3 text-sm">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <time dateTime={entry.at} className="tabular-nums text-muted-foreground">
                  {formatTimestamp(entry.at)}
                </time>
                <span className="font-medium">{entry.actorLabel}</span>
                <span className="text-xs text-muted-foreground">{entry.actorRole}</span>
                <code className="text-xs">{entry.action}</code>
              </div>
              <p className="mt-1">{entry.summary}</p>
              {entry.changes.length > 0 ? (
                <dl className="mt-2 grid gap-1 text-xs sm:grid-cols-[max-content_1fr] sm:gap-x-3">
                  {entry.changes.map((change) => (
                    <div key={change.field} className="contents">
                      <dt className="font-medium text-muted-foreground">{change.field}</dt>
                      <dd className="break-words">
                        <span className="line-through decoration-muted-foreground/60">{change.before ?? "—"}</span>
                        <span aria-hidden="true"> → </span>
                        <span className="sr-only"> changed to </span>
                        <span>{change.after ?? "—"}</span>
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {history.more || auditLink ? (
        <p className="text-sm text-muted-foreground">
          {history.more ? "Older changes are in the audit log. " : null}
          {auditLink ? (
            <Link to={auditLink} className="underline underline-offset-4 hover:text-foreground">
              Open in the audit log
            </Link>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
