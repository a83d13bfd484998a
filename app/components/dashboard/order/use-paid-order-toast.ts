import * as React from "react";
import { toast } from "~/components/ui/sonner";
import { creditedText } from "~/lib/billing/money-messages";
import type { OrderView } from "~/lib/view-types/member";

/**
 * When money lands while the member watches their order (a deposit the watcher credited, a card
 * payment's webhook) and the order turns paid, a toast says what the money did: what arrived,
 * the order it paid (its total, the plans now active) and what is left. What arrived is what the
 * balance grew by, the order's total counted back in: the page saw the balance before and after.
 */
export function usePaidOrderToast(view: OrderView) {
  const seen = React.useRef<{ id: string; status: string; balance: bigint } | null>(null);
  const { order } = view;
  React.useEffect(() => {
    const before = seen.current;
    const balance = BigInt(view.balance);
    seen.current = { id: order.id, status: order.status, balance };
    if (!before || before.id !== order.id || before.status !== "pending" || order.status !== "paid") return;
    const arrived = balance + BigInt(order.total) - before.balance;
    if (arrived <= 0n) return;
    toast.success(`Payment received, order ${order.reference} paid`, {
      description: creditedText({
        amount: arrived.toString(),
        balance: view.balance,
        paidOrder: { reference: order.reference, total: order.total, plans: order.plans.map((plan) => plan.name) },
      }),
    });
  }, [order.id, order.status, order.reference, order.total, order.plans, view.balance]);
}
