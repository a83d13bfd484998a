import { EmptyState } from "~/components/admin/list/empty-state";
import { MemberCell } from "~/components/admin/list/member-cell";
import { Pager } from "~/components/admin/list/pager";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDateTime } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import { cn } from "~/lib/utils";
import type { DueRenewals } from "~/lib/view-types/admin/money";

const usdt = (micro: string) => formatUsdt(BigInt(micro), { suffix: true });

/** The renewals due in the coming week, in due order; the ones the balance will not cover stand out. */
export function DueRenewalsTable({ due }: { due: DueRenewals }) {
  const { rows, page, pageCount } = due;
  return (
    <section aria-labelledby="due-renewals" className="grid gap-3">
      <div>
        <h2 id="due-renewals" className="text-lg font-semibold">
          Due in the next 7 days
        </h2>
        <p className="text-sm text-muted-foreground">
          The renewal job charges each one from the member’s balance on its date, a member’s renewals in due order.
          Where the balance falls short the subscription lapses unless the member deposits first. Complimentary plans
          and banned members are never charged and are not listed.
        </p>
      </div>
      <dl className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Renewals due" value={due.total.toLocaleString("en-US")} />
        <Figure label="To be charged" value={usdt(due.amount)} />
        <Figure label="Will lapse" value={due.atRisk.toLocaleString("en-US")} />
        <Figure label="Total shortfall" value={usdt(due.shortfall)} />
      </dl>
      {rows.length === 0 ? (
        <EmptyState>No renewals are due in the next 7 days.</EmptyState>
      ) : (
        <Table aria-label="Renewals due in the next 7 days">
          <TableHeader>
            <TableRow>
              <TableHead>Due</TableHead>
              <TableHead>Member</TableHead>
              <TableHead>Plan</TableHead>
              <TableHead className="text-right">Price</TableHead>
              <TableHead className="text-right">Balance</TableHead>
              <TableHead className="text-right">Shortfall</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => {
              const lapses = BigInt(row.shortfall) > 0n;
              return (
                <TableRow
                  key={row.subscriptionId}
                  data-lapses={lapses || undefined}
                  className={cn(lapses && "bg-destructive/5")}
                >
                  <TableCell label="Due" className="tabular-nums">
                    {formatDateTime(row.dueAt)}
                  </TableCell>
                  <MemberCell userId={row.userId} email={row.email} />
                  <TableCell label="Plan" className="whitespace-normal">
                    {row.plan} ({row.billingPeriod})
                  </TableCell>
                  <TableCell label="Price" className="text-right tabular-nums max-sm:text-left">
                    {usdt(row.amount)}
                  </TableCell>
                  <TableCell label="Balance" className="text-right tabular-nums max-sm:text-left">
                    {usdt(row.balance)}
                  </TableCell>
                  <TableCell label="Shortfall" className="text-right tabular-nums max-sm:text-left">
                    {lapses ? (
                      <span className="inline-flex flex-wrap items-center gap-2 sm:justify-end">
                        {usdt(row.shortfall)} <Badge variant="destructive">Will lapse</Badge>
                      </span>
                    ) : (
                      "Covered"
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <Pager page={page} pageCount={pageCount} href={(to) => `?page=${to}`} />
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
