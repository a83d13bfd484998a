import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Skeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatUsdt } from "~/lib/money";
import type { BillingData, BillingRow, StatementKind } from "~/lib/view-types/member";
import { DashboardSection, SectionContent } from "./dashboard-section";
import { capitalize, formatDate } from "./format";
import { TakenOffNote } from "./price-taken-off";

// Invoice status colours: paid cyan, pending yellow, failed red; a closed order unpaid is grey.
const statusVariant = {
  paid: "success",
  pending: "warning",
  failed: "destructive",
  expired: "secondary",
  cancelled: "outline",
} as const;

const kindName: Record<StatementKind, string> = {
  deposit: "Deposit",
  purchase: "Purchase",
  renewal: "Renewal",
  card: "Card",
  adjustment: "Adjustment",
  refund: "Refund",
  complimentary: "Complimentary",
  trial: "Free trial",
  order: "Order",
  referral: "Referral reward",
};

/** "+$5.00 USDT" / "−$10.00 USDT": a statement's sign, with a true minus. */
export function signedUsdt(micro: string): string {
  return formatUsdt(BigInt(micro), { suffix: true, sign: true }).replace("-", "\u2212");
}

/**
 * Billing history: the member's statement, newest first. Each row says what it was, what it did
 * to the balance (signed) and the balance after it; skeleton rows while it loads.
 */
export function BillingSection({ data }: { data?: BillingData }) {
  return (
    <DashboardSection id="billing" title="Billing history">
      <SectionContent data={data} loading={<BillingSkeleton />}>
        {({ rows }) => <BillingTable rows={rows} />}
      </SectionContent>
    </DashboardSection>
  );
}

function BillingTable({ rows }: { rows: BillingRow[] }) {
  return (
    <div className="rounded-lg border">
      <Table aria-labelledby="billing-title">
        <TableHeader>
          <TableRow>
            <TableHead>Invoice ID</TableHead>
            <TableHead>Issue date</TableHead>
            <TableHead>Kind</TableHead>
            <TableHead className="text-right">Total amount</TableHead>
            <TableHead className="text-right">Balance after</TableHead>
            <TableHead>Payment Type</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7} className="py-10 text-center text-muted-foreground">
                No transactions found
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => <BillingTableRow key={row.id} row={row} />)
          )}
        </TableBody>
      </Table>
    </div>
  );
}

function BillingTableRow({ row }: { row: BillingRow }) {
  return (
    <TableRow data-kind={row.kind}>
      <TableCell label="Invoice ID" className="font-mono text-xs sm:text-sm">
        {row.invoiceId ?? <span className="text-muted-foreground">—</span>}
        {/* Copied or read aloud, the cell is "INV-… Receipt", not one run-together word. */}
        {row.receiptPath ? " " : null}
        {row.receiptPath ? (
          <Link
            to={row.receiptPath}
            aria-label={`Receipt for ${row.invoiceId}`}
            className="block font-sans text-xs text-primary underline-offset-4 hover:underline"
          >
            Receipt
          </Link>
        ) : null}
      </TableCell>
      <TableCell label="Issue date">{formatDate(row.issueDate)}</TableCell>
      <TableCell label="Kind" className="sm:max-w-64 sm:whitespace-normal">
        <span className="font-medium">{kindName[row.kind]}</span>
        {row.description ? " " : null}
        {row.description ? <span className="block text-xs text-muted-foreground">{row.description}</span> : null}
        {row.order ? <span className="block text-xs text-muted-foreground">Order {row.order.reference}</span> : null}
        {row.payPath ? (
          <Link
            to={row.payPath}
            className="mt-1 block text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Pay now
          </Link>
        ) : null}
        <TakenOffNote takenOff={row.takenOff} />
      </TableCell>
      <TableCell label="Total amount" className="tabular-nums sm:text-right" data-column="amount">
        {row.amount !== null ? (
          <span className={BigInt(row.amount) > 0n ? "text-green-700 dark:text-green-400" : undefined}>
            {signedUsdt(row.amount)}
          </span>
        ) : (
          <span className="text-muted-foreground" title="No money moved">
            {formatUsdt(BigInt(row.totalAmount), { suffix: true })}
          </span>
        )}
      </TableCell>
      <TableCell label="Balance after" className="tabular-nums sm:text-right" data-column="balance-after">
        {/* A row that moved no money (an unpaid order, a failed renewal) left no balance to show. */}
        {row.balanceAfter === null ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          formatUsdt(BigInt(row.balanceAfter), { suffix: true })
        )}
      </TableCell>
      <TableCell label="Payment Type">
        {row.paymentType}
        {row.transaction ? (
          <a
            href={row.transaction.url}
            target="_blank"
            rel="noopener noreferrer"
            title={row.transaction.hash}
            aria-label={`Transaction ${row.transaction.hash} on the TRON explorer`}
            className="block font-mono text-xs text-primary underline-offset-4 hover:underline"
          >
            {shortHash(row.transaction.hash)}
          </a>
        ) : null}
      </TableCell>
      <TableCell label="Status">
        <Badge variant={statusVariant[row.status]}>{capitalize(row.status)}</Badge>
      </TableCell>
    </TableRow>
  );
}

/** "3f2a9c…e81b": enough of a hash to recognise it; the link and its title carry all of it. */
function shortHash(hash: string) {
  return hash.length > 14 ? `${hash.slice(0, 6)}…${hash.slice(-4)}` : hash;
}

function BillingSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading billing history"
      className="grid gap-2 rounded-lg border p-4"
    >
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  );
}
