import { EmptyState } from "~/components/admin/list/empty-state";
import { MemberCell } from "~/components/admin/list/member-cell";
import { CursorPager } from "~/components/admin/list/pager";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDateTime } from "~/lib/dates";
import type { FailedDelivery, FailedNotificationsView } from "~/lib/view-types/admin/money";

const CHANNEL: Record<FailedDelivery["channel"], string> = { email: "Email", telegram: "Telegram" };

/**
 * Member notifications whose email or Telegram copy failed for good, newest first, each with
 * when it was queued, when it last failed, its error and a Retry that queues exactly that
 * delivery again.
 */
export function FailedNotificationsTable({
  view,
  busy,
  onRetry,
}: {
  view: FailedNotificationsView;
  busy: boolean;
  onRetry: (delivery: FailedDelivery) => void;
}) {
  const { deliveries, next, before, canRetry } = view;
  return (
    <section aria-labelledby="failed-notifications" className="grid gap-3">
      <div>
        <h2 id="failed-notifications" className="text-lg font-semibold">
          Failed notifications
        </h2>
        <p className="text-sm text-muted-foreground">
          Emails the outbox gave up on after its last attempt, and Telegram messages that failed once their email was
          done. Nothing tries them again unless you retry.{" "}
          {view.emailsRetrying > 0
            ? `${view.emailsRetrying.toLocaleString("en-US")} more ${view.emailsRetrying === 1 ? "email is" : "emails are"} failing and still being tried. `
            : ""}
          {view.telegramQueued > 0
            ? `${view.telegramQueued.toLocaleString("en-US")} Telegram ${view.telegramQueued === 1 ? "message is" : "messages are"} queued for another try.`
            : ""}
        </p>
      </div>
      {deliveries.length === 0 ? (
        <EmptyState>{before ? "No older failed notifications." : "No failed notifications."}</EmptyState>
      ) : (
        <Table aria-label="Failed notifications">
          <TableHeader>
            <TableRow>
              <TableHead>Queued</TableHead>
              <TableHead>Failed</TableHead>
              <TableHead>Channel</TableHead>
              <TableHead>Recipient</TableHead>
              <TableHead>Notification</TableHead>
              <TableHead>Error</TableHead>
              {canRetry ? (
                <TableHead>
                  <span className="sr-only">Retry</span>
                </TableHead>
              ) : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {deliveries.map((d) => (
              <TableRow key={`${d.notificationId}-${d.channel}`}>
                <TableCell label="Queued" className="tabular-nums">
                  {formatDateTime(d.createdAt)}
                </TableCell>
                <TableCell label="Failed" className="tabular-nums">
                  {d.failedAt ? formatDateTime(d.failedAt) : "Not recorded"}
                </TableCell>
                <TableCell label="Channel">{CHANNEL[d.channel]}</TableCell>
                <MemberCell label="Recipient" userId={d.userId} email={d.recipient} />
                <TableCell label="Notification">
                  <code className="text-xs">{d.kind}</code>
                </TableCell>
                <TableCell label="Error" className="max-w-96 whitespace-normal break-words">
                  {d.error ?? "No error recorded"}
                  {d.attempts !== null ? (
                    <span className="block text-muted-foreground">
                      after {d.attempts} {d.attempts === 1 ? "attempt" : "attempts"}
                    </span>
                  ) : null}
                </TableCell>
                {canRetry ? (
                  <TableCell>
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      aria-label={`Retry the ${CHANNEL[d.channel]} to ${d.recipient} (${d.kind})`}
                      onClick={() => onRetry(d)}
                    >
                      Retry
                    </Button>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <CursorPager newest={before ? "?" : null} older={next ? `?before=${next}` : null} />
    </section>
  );
}
