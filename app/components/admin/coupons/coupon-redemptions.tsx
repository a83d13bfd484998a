import { EmptyState } from "~/components/admin/list/empty-state";
import { MemberCell } from "~/components/admin/list/member-cell";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDateTime } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import type { AdminCouponRedemption } from "~/lib/view-types/admin/coupons";

/**
 * A code's uses, newest first: who, when, purchase or renewal, and list − discount = paid. Only the
 * latest are listed (`total`: every use), and the list says so, so its rows are never mistaken for
 * all of them (the facts above count every use).
 */
export function CouponRedemptions({ redemptions, total }: { redemptions: AdminCouponRedemption[]; total: number }) {
  if (redemptions.length === 0) return <EmptyState>Nobody has used this code yet.</EmptyState>;
  const money = (value: string) => formatUsdt(BigInt(value), { suffix: true });
  return (
    <>
      {total > redemptions.length ? (
        <p className="text-sm text-muted-foreground">
          The latest {redemptions.length} of {total.toLocaleString("en-US")} uses.
        </p>
      ) : null}
      <Table aria-label="Uses of this code">
        <TableHeader>
          <TableRow>
            <TableHead>When</TableHead>
            <TableHead>Member</TableHead>
            <TableHead>Kind</TableHead>
            <TableHead>List price</TableHead>
            <TableHead>Discount</TableHead>
            <TableHead>Paid</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {redemptions.map((use) => (
            <TableRow key={use.id}>
              <TableCell>{formatDateTime(use.at)}</TableCell>
              <MemberCell userId={use.userId} email={use.email} />
              <TableCell label="Kind">{use.kind === "purchase" ? "Purchase" : "Renewal"}</TableCell>
              <TableCell label="List price" className="tabular-nums">
                {money(use.list)}
              </TableCell>
              <TableCell label="Discount" className="tabular-nums">
                −{money(use.discount)}
              </TableCell>
              <TableCell label="Paid" className="tabular-nums">
                {money(use.charged)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
