import { EmptyState } from "~/components/admin/list/empty-state";
import { listQuery } from "~/components/admin/list/list-query";
import { MemberCell } from "~/components/admin/list/member-cell";
import { CursorPager } from "~/components/admin/list/pager";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatTimestamp } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import type { CreditedDeposits } from "~/lib/view-types/admin/money-deposits";
import { Address, TxLink } from "./deposit-rows";

/** One page of credited deposits, newest block first, each linked to its member and its transaction. */
export function CreditedDepositsTable({ deposits, paged }: { deposits: CreditedDeposits; paged: boolean }) {
  return (
    <section aria-labelledby="credited-deposits" className="grid gap-3">
      <h2 id="credited-deposits" className="text-lg font-semibold">
        Credited deposits
      </h2>
      {deposits.rows.length === 0 ? (
        <EmptyState>{paged ? "No older deposits." : "No deposit has been credited yet."}</EmptyState>
      ) : (
        <Table aria-label="Credited deposits">
          <TableHeader>
            <TableRow>
              <TableHead>Block time</TableHead>
              <TableHead>Member</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Transaction</TableHead>
              <TableHead>From</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {deposits.rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell label="Block time" className="tabular-nums">
                  {formatTimestamp(row.blockTimestamp)}
                  <span className="block text-xs text-muted-foreground">
                    block {row.blockNumber.toLocaleString("en-US")}
                  </span>
                </TableCell>
                <MemberCell userId={row.userId} email={row.email} />
                <TableCell label="Amount" className="text-right tabular-nums max-sm:text-left">
                  {formatUsdt(BigInt(row.amount), { suffix: true })}
                  {row.belowMinimum ? (
                    <Badge
                      variant="outline"
                      className="ml-2"
                      title="Below MIN_DEPOSIT_USDT: credited without a notification"
                    >
                      not notified
                    </Badge>
                  ) : null}
                </TableCell>
                <TableCell label="Transaction">
                  <TxLink txId={row.txId} href={row.explorerUrl} eventIndex={row.eventIndex} />
                </TableCell>
                <TableCell label="From" className="max-w-56 whitespace-normal">
                  <Address value={row.fromAddress} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <CursorPager
        aria-label="Deposit pages"
        newest={paged ? "?" : null}
        older={deposits.next ? listQuery({ before: deposits.next }) : null}
      />
    </section>
  );
}
