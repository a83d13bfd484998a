import * as React from "react";
import { useNavigate } from "react-router";
import { CartItems } from "~/components/cart/cart-items";
import { CouponDiscountLine, CouponField } from "~/components/cart/coupon-field";
import { priceCartSwitch, SwitchArithmetic } from "~/components/cart/switch-arithmetic";
import type { CartCoupon } from "~/components/cart/use-cart-coupon";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { toast } from "~/components/ui/sonner";
import { balancePaidText, type BoughtSummary } from "~/lib/billing/money-messages";
import { NO_SWITCHING, type PlanSwitching } from "~/lib/billing/plan-switch";
import { writeCartCoupon } from "~/lib/cart";
import { formatUsdt } from "~/lib/money";
import type { BillingPeriod } from "~/lib/pricing";
import type { PublicPlan } from "~/lib/view-types/content";
import { useDashboard } from "./dashboard-context";
import { useMemberAction, type ActionAnswer } from "./use-member-action";

/** The purchase answer (server/billing/purchase-subscriptions.ts): money as micro-USDT strings. */
type PurchaseAnswer = ActionAnswer<{ newBalance: string; activeSubscriptions: number[]; bought?: BoughtSummary }>;

const CENT = 10_000n;

/**
 * Lists the items, a coupon code field with the discount line, the total after it and the
 * balance; blocks confirmation when the balance is short.
 * One idempotency key per opening, so a double click or a retry charges once.
 * Prices and the balance are decided on the server; this only shows what will be asked.
 */
export function ConfirmPurchaseDialog({
  open,
  onOpenChange,
  items,
  period,
  onPurchased,
  coupon,
  switching = NO_SWITCHING,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: readonly PublicPlan[];
  period: BillingPeriod;
  onPurchased: () => void;
  /** The cart's code, kept by the cart: applied there (the code ordered with, or /pricing's), shown and charged here. */
  coupon: CartCoupon;
  /** The member's active plans: an upgrade is credited their unused part, shown first. */
  switching?: PlanSwitching;
}) {
  const { balance, setBalance, openDeposit } = useDashboard();
  const [key, setKey] = React.useState("");
  React.useEffect(() => {
    if (open) setKey(crypto.randomUUID());
  }, [open]);

  // The code's discount first, then the credit for what an upgrade replaces: as the server charges.
  const { cart, replaced } = priceCartSwitch({
    items,
    period,
    switching,
    coded: coupon.lines,
    couponCode: coupon.code,
  });
  const total = cart.charged;
  // A code refused when it is charged (its last use taken meanwhile) comes off, with why, under the field.
  const codeRefused = (answer: { ok: false; fieldErrors?: Record<string, string> }) => {
    const message = answer.fieldErrors?.couponCode;
    if (message) coupon.refuse(message);
    return Boolean(message);
  };
  const shortfall = total > balance ? total - balance : 0n;

  const { submit, busy } = useMemberAction<PurchaseAnswer>(
    (answer) => {
      if (answer.ok) {
        // What the balance paid for and what is left, from the server's answer.
        toast.success(
          "Subscriptions activated successfully!",
          answer.bought
            ? { description: balancePaidText({ bought: answer.bought, balance: answer.newBalance }) }
            : undefined,
        );
        setBalance(BigInt(answer.newBalance));
        writeCartCoupon(null);
        onPurchased();
        onOpenChange(false);
      } else if (!codeRefused(answer)) {
        toast.error(answer.error || "Failed to process payment");
      }
    },
    { action: "/api/dashboard/purchase" },
  );

  // A short balance: the cart becomes an order, paid on the order view (and completed by itself).
  const navigate = useNavigate();
  const order = useMemberAction<ActionAnswer<{ orderId: string; paid: boolean }>>(
    (answer) => {
      if (!answer.ok) {
        if (!codeRefused(answer)) toast.error(answer.error || "Failed to create the order");
        return;
      }
      writeCartCoupon(null);
      onPurchased();
      onOpenChange(false);
      void navigate("/dashboard?section=order");
    },
    { action: "/api/dashboard/orders" },
  );

  const confirm = () =>
    submit({
      planIds: items.map((p) => p.id),
      billingPeriod: period,
      totalAmount: total.toString(),
      idempotencyKey: key,
      couponCode: coupon.code ?? "",
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Confirm purchase</DialogTitle>
          <DialogDescription>The total is paid from your USDT balance.</DialogDescription>
        </DialogHeader>
        <SwitchArithmetic cart={cart} replaced={replaced} />
        <CartItems aria-label="Items" variant="boxed" items={items} period={period} />
        {items.length > 0 ? <CouponField id="purchase-coupon" coupon={coupon} disabled={busy || order.busy} /> : null}
        <CouponDiscountLine coupon={coupon} />
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold tabular-nums">{formatUsdt(total, { suffix: true })}</dd>
          <dt className="text-muted-foreground">Your balance</dt>
          <dd className="text-right tabular-nums">{formatUsdt(balance, { suffix: true })}</dd>
        </dl>
        {shortfall > 0n ? (
          <div
            role="alert"
            className="grid gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
          >
            <p>
              {`Insufficient Balance. You need ${formatUsdt(((shortfall + CENT - 1n) / CENT) * CENT)} USDT more to complete this purchase. Please deposit funds to your balance first.`}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                size="sm"
                disabled={order.busy || items.length === 0}
                onClick={() =>
                  order.submit({
                    planIds: items.map((p) => p.id),
                    billingPeriod: period,
                    couponCode: coupon.code ?? "",
                  })
                }
              >
                {order.busy ? "Creating order..." : "Continue to Pay"}
              </Button>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  onOpenChange(false);
                  openDeposit();
                }}
              >
                Deposit funds
              </Button>
            </div>
          </div>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" onClick={confirm} disabled={busy || shortfall > 0n || items.length === 0 || !key}>
            {busy ? "Processing..." : "Confirm purchase"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
