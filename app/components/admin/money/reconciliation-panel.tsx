import { EmptyState } from "~/components/admin/list/empty-state";
import { MemberCell } from "~/components/admin/list/member-cell";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatTimestamp } from "~/lib/dates";
import { plural } from "~/lib/plural";
import type { ReconciliationCheck } from "~/lib/view-types/admin/money";

/** The last ledger check (balance = sum of the ledger for every member), its differences, and "run now". */
export function ReconciliationPanel({
  last,
  canWrite,
  busy,
  onRun,
}: {
  last: ReconciliationCheck | null;
  canWrite: boolean;
  busy: boolean;
  onRun: () => void;
}) {
  return (
    <section aria-labelledby="reconciliation" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="reconciliation" className="text-lg font-semibold">
            Ledger check
          </h2>
          <p className="text-sm text-muted-foreground">
            Every member’s balance must equal the sum of their ledger entries. The check runs every hour.
          </p>
        </div>
        {canWrite ? (
          <Button type="button" onClick={onRun} disabled={busy}>
            {busy ? "Checking…" : "Run now"}
          </Button>
        ) : null}
      </div>
      {last === null ? (
        <EmptyState>No check has run yet.</EmptyState>
      ) : (
        <div className="grid gap-3" aria-live="polite">
          <p className="flex flex-wrap items-center gap-2">
            <span>Last check: {formatTimestamp(last.at)}</span>
            {last.source ? <span className="text-sm text-muted-foreground">({last.source})</span> : null}
            {!last.ok ? (
              <Badge variant="destructive">Failed</Badge>
            ) : last.mismatchCount === 0 ? (
              <Badge variant="success">
                {last.checked === 1 ? "The 1 balance matches" : `All ${plural(last.checked, "balance")} match`}
              </Badge>
            ) : (
              <Badge variant="destructive">
                {last.mismatchCount} of {last.checked.toLocaleString("en-US")} balances differ
              </Badge>
            )}
          </p>
          {last.error ? <p className="text-sm break-words text-destructive">Error: {last.error}</p> : null}
          {last.mismatches.length > 0 ? (
            <Table aria-label="Balances that differ from the ledger">
              <TableHeader>
                <TableRow>
                  <TableHead>Member</TableHead>
                  <TableHead className="text-right">Balance</TableHead>
                  <TableHead className="text-right">Ledger sum</TableHead>
                  <TableHead className="text-right">Difference</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {last.mismatches.map((m) => (
                  <TableRow key={m.userId}>
                    <MemberCell userId={m.userId} email={m.email ?? m.userId} />
                    <TableCell label="Balance" className="text-right tabular-nums max-sm:text-left">
                      {m.balance} USDT
                    </TableCell>
                    <TableCell label="Ledger sum" className="text-right tabular-nums max-sm:text-left">
                      {m.ledgerSum} USDT
                    </TableCell>
                    <TableCell label="Difference" className="text-right tabular-nums max-sm:text-left">
                      {m.difference} USDT
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </div>
      )}
    </section>
  );
}
