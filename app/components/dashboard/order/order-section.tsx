import { AlertTriangleIcon, CheckCircle2Icon, ClockIcon } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/sonner";
import type { OrderPaidAnswer } from "~/lib/billing/money-messages";
import { clearCart } from "~/lib/cart";
import { formatDateTime } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import type { MemberOrder, OrderData, OrderView } from "~/lib/view-types/member-order";
import { DashboardSection, SectionContent } from "../dashboard-section";
import { formatDate, periodName } from "../format";
import { takenOffLines } from "../price-taken-off";
import { useMemberAction, type ActionAnswer } from "../use-member-action";
import { OrderCoupon } from "./order-coupon";
import { PayWithUsdt } from "./pay-with-usdt";
import { useOrderPolling } from "./use-order-polling";
import { toastOrderPaid, usePaidOrderToast } from "./use-paid-order-toast";

/** What a way to pay besides USDT is handed: the order and what is still due (micro-USDT). */
export type OrderPaymentOption = (order: { id: string; due: bigint }) => React.ReactNode;

const SUBSCRIPTIONS = "/dashboard?section=subscriptions";

/**
 * The order view: the member's order with what is still due and the ways to pay that are on
 * (USDT TRC-20 always; `card` when card payments are on), kept current by polling while it
 * waits, so it turns paid by itself when the money lands.
 */
export function OrderSection({ data, card }: { data?: OrderData; card?: OrderPaymentOption }) {
  return (
    <DashboardSection id="order" title="Your order">
      <SectionContent
        data={data}
        loading={
          <p role="status" className="text-muted-foreground">
            Loading...
          </p>
        }
      >
        {({ view }) => (view ? <OrderDetails view={view} card={card} /> : <NoOrder />)}
      </SectionContent>
    </DashboardSection>
  );
}

function NoOrder() {
  return (
    <div className="grid justify-items-start gap-3">
      <p className="text-muted-foreground">You have no open order.</p>
      <Button asChild>
        <Link to={SUBSCRIPTIONS}>Choose plans</Link>
      </Button>
    </div>
  );
}

function OrderDetails({ view, card }: { view: OrderView; card?: OrderPaymentOption }) {
  const { order } = view;
  const due = BigInt(view.due);
  const pending = order.status === "pending";
  useOrderPolling(pending);
  usePaidOrderToast(view);
  // The order holds the cart now: the dashboard's cart starts empty again.
  React.useEffect(() => clearCart(), []);
  return (
    <div className="grid max-w-3xl gap-6" data-slot="order" data-status={order.status}>
      <OrderSummary order={order} balance={BigInt(view.balance)} due={due} />
      {order.status === "paid" ? (
        <p role="status" className="flex items-center gap-2 rounded-md border border-success/60 bg-success/10 p-3">
          <CheckCircle2Icon className="size-5 shrink-0 text-success" aria-hidden="true" />
          <span>
            Paid — your subscription is active. Your access links are on their way by email and Telegram.{" "}
            <Link to={SUBSCRIPTIONS} className="font-medium text-primary underline-offset-4 hover:underline">
              View your subscriptions
            </Link>
          </span>
        </p>
      ) : order.status === "expired" ? (
        <p role="status" className="rounded-md border bg-muted/50 p-3">
          This order expired on {formatDate(order.closedAt ?? order.expiresAt)}. Money you sent stays in your balance.{" "}
          <Link to={SUBSCRIPTIONS} className="font-medium text-primary underline-offset-4 hover:underline">
            Choose plans again
          </Link>
        </p>
      ) : null}
      {pending ? <PendingOrder order={order} due={due} wallet={view.wallet} card={card} /> : null}
    </div>
  );
}

function OrderSummary({ order, balance, due }: { order: MemberOrder; balance: bigint; due: bigint }) {
  const pending = order.status === "pending";
  return (
    <div className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono text-sm text-muted-foreground">{order.reference}</p>
        <Badge variant={pending ? "warning" : order.status === "paid" ? "success" : "secondary"}>
          {order.status.charAt(0).toUpperCase() + order.status.slice(1)}
        </Badge>
      </div>
      <ul aria-label="Plans in this order" className="grid gap-1">
        {order.plans.map((plan) => (
          <li key={plan.id} className="font-medium">
            {plan.name} <span className="font-normal text-muted-foreground">({periodName[order.billingPeriod]})</span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t pt-4 text-sm">
        {takenOffLines(order.takenOff).map(([term, amount]) => (
          <React.Fragment key={term}>
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="text-right tabular-nums">{amount}</dd>
          </React.Fragment>
        ))}
        <dt>Total</dt>
        <dd className="text-right tabular-nums">{formatUsdt(BigInt(order.total), { suffix: true })}</dd>
        {pending ? (
          <>
            <dt className="text-muted-foreground">Your balance</dt>
            <dd className="text-right tabular-nums">{formatUsdt(balance, { suffix: true })}</dd>
            <dt className="text-lg font-semibold">Amount due</dt>
            <dd className="text-right text-lg font-semibold tabular-nums" data-slot="order-due">
              {formatUsdt(due, { suffix: true })}
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

function PendingOrder({
  order,
  due,
  wallet,
  card,
}: {
  order: MemberOrder;
  due: bigint;
  wallet: OrderView["wallet"];
  card?: OrderPaymentOption;
}) {
  const accept = useMemberAction<ActionAnswer<OrderPaidAnswer>>(
    (answer) => {
      if (answer.ok) toastOrderPaid(answer, "New total accepted");
      else toast.error(answer.error || "Failed to update the order");
    },
    { action: "/api/dashboard/orders/accept" },
  );
  return (
    <>
      {order.repriced ? (
        <div role="alert" className="grid gap-3 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm">
          <p>
            {`The prices held for this order lapsed and it was priced again: the total is now ${formatUsdt(BigInt(order.total), { suffix: true })}. Nothing is charged at the new total until you accept it.`}
          </p>
          <Button
            type="button"
            size="sm"
            className="justify-self-start"
            disabled={accept.busy}
            onClick={() => accept.submit({ orderId: order.id, total: order.total })}
          >
            {accept.busy ? "Accepting..." : "Accept the new total"}
          </Button>
        </div>
      ) : null}
      {order.problem ? (
        <p role="alert" className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{`This order cannot be completed: ${order.problem} Cancel it and choose your plans again; your balance is kept.`}</span>
        </p>
      ) : null}
      <OrderCoupon orderId={order.id} code={order.takenOff?.couponCode ?? null} />
      {due > 0n && !order.problem ? (
        <section aria-labelledby="order-pay-title" className="grid gap-4">
          <h2 id="order-pay-title" className="text-lg font-semibold">
            Ways to pay
          </h2>
          <section aria-labelledby="order-usdt-title" className="grid gap-3 rounded-xl border p-4 sm:p-6">
            <h3 id="order-usdt-title" className="font-semibold">
              USDT (TRC-20)
            </h3>
            <PayWithUsdt wallet={wallet} due={due} />
          </section>
          {card ? card({ id: order.id, due }) : null}
        </section>
      ) : null}
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <ClockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Prices held until {formatDateTime(order.pricesHeldUntil)}. An unpaid order expires on{" "}
          {formatDate(order.expiresAt)}; money you sent stays in your balance.
        </span>
      </p>
      <CancelOrder orderId={order.id} />
    </>
  );
}

function CancelOrder({ orderId }: { orderId: string }) {
  const [open, setOpen] = React.useState(false);
  const cancel = useMemberAction<ActionAnswer<{ cancelled: boolean }>>(
    (answer) => {
      if (answer.ok) toast.success("Order cancelled");
      else toast.error(answer.error || "Failed to cancel the order");
      setOpen(false);
    },
    { action: "/api/dashboard/orders/cancel" },
  );
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="outline" className="justify-self-start">
          Cancel order
        </Button>
      }
      title="Cancel this order?"
      description="Nothing is charged for it. Money you already sent stays in your balance."
      confirm="Cancel order"
      cancel="Keep order"
      busyLabel="Cancelling..."
      busy={cancel.busy}
      destructive
      onConfirm={() => cancel.submit({ orderId })}
    />
  );
}
