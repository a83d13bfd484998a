import { ClockIcon, ReceiptIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { formatUsdt } from "~/lib/money";
import { ORDER_PATH } from "~/lib/orders";
import { cn } from "~/lib/utils";
import type { OpenOrderNotice } from "~/lib/view-types/member-order";
import { useDashboard } from "../dashboard-context";
import { periodName } from "../format";
import { useTimeLeft } from "./use-time-left";

/** What the member does next with the order: pay what is due, or first settle what stops it. */
function actionLabel(order: OpenOrderNotice): string {
  if (order.attention === "new-total") return "Review the new total";
  if (order.attention === "cannot-complete") return "Review order";
  return BigInt(order.due) > 0n ? "Pay now" : "Complete order";
}

const attentionText: Record<NonNullable<OpenOrderNotice["attention"]>, string> = {
  "new-total": "Its prices were updated: accept the new total before it is charged.",
  "cannot-complete": "It cannot be completed as it is: open it to see why.",
};

function dueText(order: OpenOrderNotice): string {
  const due = BigInt(order.due);
  return due > 0n ? `${formatUsdt(due, { suffix: true })} due` : "Your balance covers it";
}

/**
 * The unpaid order, where Welcome and Subscriptions start: what it is, what is due, how long it
 * stays open, and the way to its page. Nothing when the member has no open order.
 */
export function OpenOrderCard({ className, ...props }: React.ComponentProps<"section">) {
  const { openOrder: order } = useDashboard();
  if (!order) return null;
  return <OpenOrderCardOf order={order} className={className} {...props} />;
}

function OpenOrderCardOf({ order, className, ...props }: { order: OpenOrderNotice } & React.ComponentProps<"section">) {
  const timeLeft = useTimeLeft(order);
  return (
    <section
      aria-labelledby="open-order-title"
      data-slot="open-order"
      className={cn(
        "grid gap-3 rounded-xl border border-warning/60 bg-warning/10 p-4 sm:flex sm:items-center sm:justify-between",
        className,
      )}
      {...props}
    >
      <div className="grid gap-1">
        <h2 id="open-order-title" className="flex items-center gap-2 font-semibold">
          <ReceiptIcon className="size-5 shrink-0" aria-hidden="true" />
          Unpaid order {order.reference}
        </h2>
        <p className="text-sm">
          {order.plans.join(", ")} ({periodName[order.billingPeriod]})
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <strong className="tabular-nums" data-slot="open-order-due">
            {dueText(order)}
          </strong>
          <span className="flex items-center gap-1" data-slot="open-order-time-left">
            <ClockIcon className="size-4 shrink-0" aria-hidden="true" />
            {`Open for ${timeLeft} more`}
          </span>
        </p>
        {order.attention ? <p className="text-sm font-medium">{attentionText[order.attention]}</p> : null}
      </div>
      <Button asChild className="justify-self-start">
        <Link to={ORDER_PATH}>{actionLabel(order)}</Link>
      </Button>
    </section>
  );
}

/**
 * The header's reminder beside the balance, on every page but the order's own: the amount due
 * and a tap to pay it. On a phone, where the header's row has no room left, it is a row of its own
 * under it that also says how long the order stays open.
 */
export function HeaderOrderLink({ className }: { className?: string }) {
  const { openOrder: order } = useDashboard();
  return order ? <HeaderOrderLinkOf order={order} className={className} /> : null;
}

function HeaderOrderLinkOf({ order, className }: { order: OpenOrderNotice; className?: string }) {
  const timeLeft = useTimeLeft(order);
  const due = BigInt(order.due);
  return (
    <Button asChild size="sm" className={className} data-slot="header-order-link">
      <Link to={ORDER_PATH} title={`Order ${order.reference}: open for ${timeLeft} more`}>
        <ReceiptIcon aria-hidden="true" />
        <span className="tabular-nums">{due > 0n ? `Pay ${formatUsdt(due)}` : "Your order"}</span>
        <span className="sm:sr-only">{`· ${timeLeft} left`}</span>
        <span className="sr-only">{`(order ${order.reference})`}</span>
      </Link>
    </Button>
  );
}
