import { EmptyState } from "~/components/admin/list/empty-state";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDateTime } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import type { MemberOrderView } from "~/lib/view-types/admin/members";
import { MemberSection } from "./member-section";

const statusVariant = { pending: "warning", paid: "success", expired: "secondary", cancelled: "outline" } as const;

/**
 * The member's orders, newest first: what they chose, the total, and where each stands (a
 * pending one says so when its prices were priced again or a purchase refused it).
 */
export function MemberOrdersSection({ orders }: { orders: MemberOrderView[] }) {
  return (
    <MemberSection id="member-orders" title="Orders">
      {orders.length === 0 ? (
        <EmptyState className="text-sm">No orders.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <Table aria-labelledby="member-orders-title">
            <TableHeader>
              <TableRow>
                <TableHead>Order</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Plans</TableHead>
                <TableHead className="text-right">Total</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {orders.map((order) => (
                <TableRow key={order.id}>
                  <TableCell className="font-mono text-xs">{order.reference}</TableCell>
                  <TableCell className="tabular-nums">{formatDateTime(order.createdAt)}</TableCell>
                  <TableCell>
                    {order.plans.map((plan) => plan.name).join(", ")} ({order.billingPeriod})
                    {order.problem ? <span className="block text-xs text-destructive">{order.problem}</span> : null}
                    {order.repriced ? (
                      <span className="block text-xs text-muted-foreground">Priced again; awaiting the member</span>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatUsdt(BigInt(order.total), { suffix: true })}
                  </TableCell>
                  <TableCell>
                    <Badge variant={statusVariant[order.status]}>{order.status}</Badge>
                    {order.closedAt ? (
                      <span className="block text-xs text-muted-foreground tabular-nums">
                        {formatDateTime(order.closedAt)}
                      </span>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </MemberSection>
  );
}
