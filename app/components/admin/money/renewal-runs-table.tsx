import { EmptyState } from "~/components/admin/list/empty-state";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatTimestamp } from "~/lib/dates";
import type { RenewalRun } from "~/lib/view-types/admin/money";

/** What the Error column says of a run that did not end normally. */
function RunTrouble({ run }: { run: RenewalRun }) {
  if (run.state === "failed")
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <Badge variant="destructive">Run failed</Badge> {run.error}
      </span>
    );
  if (run.state === "unfinished")
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <Badge variant="destructive">Did not finish</Badge> No end was recorded: the server stopped during the run (a
        crash, restart or deploy). What it settled is in the ledger; the rest was settled by the next runs.
      </span>
    );
  if (run.state === "running") return <Badge variant="secondary">Running</Badge>;
  if (run.errored > 0)
    return "Some subscriptions could not be settled; they are tried again next run (see the server log).";
  return "—";
}

/** Counts a run that never recorded its end does not have. */
const countOf = (run: RenewalRun, n: number) => (run.finishedAt === null ? "—" : n);

/** The renewal job's recent runs that settled something, failed or never finished, newest first. */
export function RenewalRunsTable({ runs, lastRunAt }: { runs: RenewalRun[]; lastRunAt: string | null }) {
  return (
    <section aria-labelledby="renewal-runs" className="grid gap-3">
      <div>
        <h2 id="renewal-runs" className="text-lg font-semibold">
          Recent renewal runs
        </h2>
        <p className="text-sm text-muted-foreground">
          Charged: renewed from the balance. Failed: the balance fell short and the subscription lapsed. Expired:
          autorenew off, complimentary or banned. The job runs every minute; runs that found nothing due are left out,
          runs that failed or never finished are always shown.{" "}
          {lastRunAt ? `Last run finished ${formatTimestamp(lastRunAt)}.` : "It has not run yet."}
        </p>
      </div>
      {runs.length === 0 ? (
        <EmptyState>No run has settled a renewal or gone wrong in the last 30 days.</EmptyState>
      ) : (
        <Table aria-label="Recent renewal runs">
          <TableHeader>
            <TableRow>
              <TableHead>Started</TableHead>
              <TableHead className="text-right">Charged</TableHead>
              <TableHead className="text-right">Failed</TableHead>
              <TableHead className="text-right">Expired</TableHead>
              <TableHead className="text-right">Errors</TableHead>
              <TableHead>Error</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {runs.map((run) => (
              <TableRow key={run.id}>
                <TableCell label="Started" className="tabular-nums">
                  {formatTimestamp(run.startedAt)}
                </TableCell>
                <TableCell label="Charged" className="text-right tabular-nums max-sm:text-left">
                  {countOf(run, run.charged)}
                </TableCell>
                <TableCell label="Failed" className="text-right tabular-nums max-sm:text-left">
                  {countOf(run, run.failed)}
                </TableCell>
                <TableCell label="Expired" className="text-right tabular-nums max-sm:text-left">
                  {countOf(run, run.expired)}
                </TableCell>
                <TableCell label="Errors" className="text-right tabular-nums max-sm:text-left">
                  {countOf(run, run.errored)}
                </TableCell>
                <TableCell label="Error" className="max-w-80 whitespace-normal break-words">
                  <RunTrouble run={run} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
