import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { RenewalRun } from "~/lib/view-types/admin/money";

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;

/** The renewal job's recent runs that settled something or failed, newest first. */
export function RenewalRunsTable({ runs, lastRunAt }: { runs: RenewalRun[]; lastRunAt: string | null }) {
  return (
    <section aria-labelledby="renewal-runs" className="grid gap-3">
      <div>
        <h2 id="renewal-runs" className="text-lg font-semibold">
          Recent renewal runs
        </h2>
        <p className="text-sm text-muted-foreground">
          Charged: renewed from the balance. Failed: the balance fell short and the subscription lapsed. Expired:
          autorenew off, complimentary or banned. The job runs every minute; runs that found nothing due are left out.{" "}
          {lastRunAt ? `Last run finished ${when(lastRunAt)} UTC.` : "It has not run yet."}
        </p>
      </div>
      {runs.length === 0 ? (
        <p className="text-muted-foreground">No run has settled a renewal in the last 30 days.</p>
      ) : (
        <Table aria-label="Recent renewal runs">
          <TableHeader>
            <TableRow>
              <TableHead>Started (UTC)</TableHead>
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
                <TableCell label="Started (UTC)" className="tabular-nums">
                  {when(run.startedAt)}
                </TableCell>
                <TableCell label="Charged" className="text-right tabular-nums max-sm:text-left">
                  {run.charged}
                </TableCell>
                <TableCell label="Failed" className="text-right tabular-nums max-sm:text-left">
                  {run.failed}
                </TableCell>
                <TableCell label="Expired" className="text-right tabular-nums max-sm:text-left">
                  {run.expired}
                </TableCell>
                <TableCell label="Errors" className="text-right tabular-nums max-sm:text-left">
                  {run.errored}
                </TableCell>
                <TableCell label="Error" className="max-w-80 whitespace-normal break-words">
                  {!run.ok ? (
                    <span className="inline-flex flex-wrap items-center gap-2">
                      <Badge variant="destructive">Run failed</Badge> {run.error}
                    </span>
                  ) : run.errored > 0 ? (
                    "Some subscriptions could not be settled; they are tried again next run (see the server log)."
                  ) : (
                    "—"
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
