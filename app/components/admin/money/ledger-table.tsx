import { EmptyState } from "~/components/admin/list/empty-state";
import { MemberCell } from "~/components/admin/list/member-cell";
import { CursorPager } from "~/components/admin/list/pager";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatTimestamp } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import { isLedgerFiltered, ledgerQueryString, type LedgerQuery } from "~/lib/validation/admin/money";
import type { LedgerExplorer } from "~/lib/view-types/admin/money";

/** Count and sum per kind of everything the filters match (not only this page). */
export function LedgerTotals({ totals }: { totals: LedgerExplorer["totals"] }) {
  if (totals.length === 0) return null;
  return (
    <section aria-labelledby="ledger-totals" className="grid gap-2">
      <h2 id="ledger-totals" className="text-lg font-semibold">
        Totals of the filtered entries
      </h2>
      <dl className="grid gap-2 sm:grid-cols-3 lg:grid-cols-5">
        {totals.map((t) => (
          <div key={t.kind} className="rounded-lg border p-3">
            <dt className="text-sm text-muted-foreground">
              {t.kind} · {t.count.toLocaleString("en-US")} {t.count === 1 ? "entry" : "entries"}
            </dt>
            <dd className="font-medium tabular-nums" data-kind={t.kind}>
              {formatUsdt(BigInt(t.sum), { suffix: true, sign: true })}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** One page of ledger entries, newest first, each linking to its member's page. */
export function LedgerTable({ ledger, query }: { ledger: LedgerExplorer; query: LedgerQuery }) {
  const { rows, next } = ledger;
  if (rows.length === 0) {
    return (
      <EmptyState>
        {!ledger.memberFound
          ? "No account has this email or id."
          : isLedgerFiltered(query)
            ? "No ledger entries match these filters."
            : query.before
              ? "No older entries."
              : "The ledger is empty."}
      </EmptyState>
    );
  }
  return (
    <>
      <Table aria-label="Ledger entries">
        <TableHeader>
          <TableRow>
            <TableHead>When</TableHead>
            <TableHead>Member</TableHead>
            <TableHead>Kind</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead>Reference</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell label="When" className="tabular-nums">
                {formatTimestamp(row.createdAt)}
              </TableCell>
              <MemberCell userId={row.userId} email={row.email} />
              <TableCell label="Kind">{row.kind}</TableCell>
              <TableCell label="Amount" className="text-right tabular-nums max-sm:text-left">
                {formatUsdt(BigInt(row.amount), { suffix: true, sign: true })}
              </TableCell>
              <TableCell label="Reference" className="max-w-80 font-mono text-xs break-all whitespace-normal">
                {row.reference}
                {row.memo ? <span className="block font-sans text-muted-foreground">{row.memo}</span> : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <CursorPager
        newest={query.before ? ledgerQueryString({ ...query, before: null }) || "?" : null}
        older={next ? ledgerQueryString({ ...query, before: next }) : null}
      />
    </>
  );
}
