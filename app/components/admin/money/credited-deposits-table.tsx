import { Link } from "react-router";
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
        <p className="text-muted-foreground">{paged ? "No older deposits." : "No deposit has been credited yet."}</p>
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
                <TableCell label="Member" className="max-w-64 whitespace-normal">
                  <Link
                    to={`/admin/members/${encodeURIComponent(row.userId)}`}
                    className="break-all underline-offset-4 hover:underline"
                  >
                    {row.email}
                  </Link>
                </TableCell>
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
      {paged || deposits.next ? (
        <nav aria-label="Deposit pages" className="flex flex-wrap items-center gap-4 text-sm">
          {paged ? (
            <Link to="?" className="underline underline-offset-4">
              Newest
            </Link>
          ) : null}
          {deposits.next ? (
            <Link to={`?before=${encodeURIComponent(deposits.next)}`} className="underline underline-offset-4">
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
