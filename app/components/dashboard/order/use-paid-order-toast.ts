import * as React from "react";
import { toast } from "~/components/ui/sonner";
import { balancePaidText, balancePaidTitle, creditedText, type OrderPaidAnswer } from "~/lib/billing/money-messages";
import { paidOrderTitle } from "~/lib/billing/money-notices";
import type { OrderView } from "~/lib/view-types/member-order";

/**
 * When money lands while the member watches their order (a deposit the watcher credited, a card
 * payment's webhook, a credit from our team) and the order turns paid, a toast says what the
 * money did, as the email and the bot say it: what arrived, the order it paid (its total, the
 * plans and how long they are active) and what is left. Every fact comes from the server: the
 * credit the order names as its payment, the plans' dates and the balance now. An order the
 * member paid themselves from their balance has its own answer, and no toast here.
 */
export function usePaidOrderToast(view: OrderView) {
  const seen = React.useRef<{ id: string; status: string } | null>(null);
  const { order } = view;
  React.useEffect(() => {
    const before = seen.current;
    seen.current = { id: order.id, status: order.status };
    if (!before || before.id !== order.id || before.status !== "pending" || order.status !== "paid") return;
    const bought = {
      total: order.total,
      plans: order.plans.map((plan) => plan.name),
      period: order.billingPeriod,
      activeUntil: order.activeUntil,
    };
    if (!order.paidBy) {
      // Paid from the balance: by the member's own step (a code, an accepted total), which also
      // answers with this toast under the same id, or by the orders job. The step's component
      // may be gone by then (a paid order has no code field), so the page says it from its data.
      toast.success(balancePaidTitle(order.reference), {
        id: paidToastId(order.reference),
        description: balancePaidText({ bought, order: order.reference, balance: view.balance }),
      });
      return;
    }
    toast.success(paidOrderTitle(order.paidBy.via, order.reference), {
      description: creditedText({
        via: order.paidBy.via,
        amount: order.paidBy.amount,
        balance: view.balance,
        paidOrder: { reference: order.reference, ...bought },
      }),
    });
  }, [order, view.balance]);
}

/** One toast per paid order, whichever of the answer and the page's data says it first. */
const paidToastId = (reference: string) => `order-paid:${reference}`;

/**
 * The toast after the member's own step paid their order from the balance (accepting a new
 * total, a coupon code): what it paid for and what is left, as the server answered.
 */
export function toastOrderPaid(answer: OrderPaidAnswer, otherwise: string) {
  if (!answer.paid) return void toast.success(otherwise);
  const { paidOrder, balance } = answer;
  toast.success(balancePaidTitle(paidOrder.reference), {
    id: paidToastId(paidOrder.reference),
    description: balancePaidText({ bought: paidOrder, order: paidOrder.reference, balance }),
  });
}
