import { Link } from "react-router";
import { EmptyState } from "~/components/admin/list/empty-state";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatUsdt } from "~/lib/money";
import type { AdminCoupon, CouponPlanChoice } from "~/lib/view-types/admin/coupons";
import { appliesText, durationText, offText, stateLabel, usesText, validText } from "./coupon-texts";
import { PauseCouponButton } from "./pause-coupon-button";

/** Every code: what it takes off and for whom, its uses against its limit, revenue after discount, its state. */
export function CouponsTable({ coupons, plans }: { coupons: AdminCoupon[]; plans: CouponPlanChoice[] }) {
  if (coupons.length === 0) return <EmptyState>No codes yet. Make one with New code.</EmptyState>;
  return (
    <Table aria-label="Coupon codes">
      <TableHeader>
        <TableRow>
          <TableHead>Code</TableHead>
          <TableHead>Takes off</TableHead>
          <TableHead>For</TableHead>
          <TableHead>Valid</TableHead>
          <TableHead>Uses</TableHead>
          <TableHead>Revenue after discount</TableHead>
          <TableHead>State</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {coupons.map((coupon) => (
          <TableRow key={coupon.id}>
            <TableCell className="font-mono font-medium">
              <Link to={`/admin/coupons/${coupon.id}`} className="underline-offset-4 hover:underline">
                {coupon.code}
              </Link>
            </TableCell>
            <TableCell label="Takes off" className="whitespace-normal">
              {offText(coupon)}
              <span className="block text-xs text-muted-foreground">{durationText(coupon)}</span>
            </TableCell>
            <TableCell label="For" className="max-w-64 whitespace-normal">
              {appliesText(coupon, plans)}
              {coupon.newMembersOnly ? (
                <span className="block text-xs text-muted-foreground">New members only</span>
              ) : null}
            </TableCell>
            <TableCell label="Valid">{validText(coupon)}</TableCell>
            <TableCell label="Uses" className="tabular-nums">
              {usesText(coupon)}
            </TableCell>
            <TableCell label="Revenue after discount" className="tabular-nums">
              {formatUsdt(BigInt(coupon.revenue), { suffix: true })}
            </TableCell>
            <TableCell label="State">
              <div className="flex items-center gap-2">
                <Badge variant={coupon.state === "active" ? "success" : "outline"}>{stateLabel[coupon.state]}</Badge>
                <PauseCouponButton coupon={coupon} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
