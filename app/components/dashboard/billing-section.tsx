import { Badge } from "~/components/ui/badge";
import { Skeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatUsdt } from "~/lib/money";
import type { BillingData, BillingRow } from "~/lib/view-types/member";
import { DashboardSection, SectionContent } from "./dashboard-section";
import { capitalize, formatDate } from "./format";

// Invoice status colours: paid cyan, pending yellow, failed red; a closed order unpaid is grey.
const statusVariant = {
  paid: "success",
  pending: "warning",
  failed: "destructive",
  expired: "secondary",
  cancelled: "outline",
} as const;

/** Billing history: the member's invoices, newest first; skeleton rows while it loads. */
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
            <TableHead>Total amount</TableHead>
            <TableHead>Payment Type</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={5} className="py-10 text-center text-muted-foreground">
                No transactions found
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell className="font-mono text-xs sm:text-sm" title={row.description ?? undefined}>
                  {row.invoiceId}
                </TableCell>
                <TableCell>{formatDate(row.issueDate)}</TableCell>
                <TableCell className="tabular-nums">{formatUsdt(BigInt(row.totalAmount), { suffix: true })}</TableCell>
                <TableCell>
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
                <TableCell>
                  <Badge variant={statusVariant[row.status]}>{capitalize(row.status)}</Badge>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
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
