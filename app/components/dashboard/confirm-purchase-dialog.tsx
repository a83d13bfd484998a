import * as React from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { toast } from "~/components/ui/sonner";
import { formatUsdt, microToDecimal, parseUsdt } from "~/lib/money";
import { cartTotal, periodSuffix, priceFor, type BillingPeriod } from "~/lib/pricing";
import type { PublicPlan } from "#server/content/list-published-plans";
import { useDashboard } from "./dashboard-context";
import { useMemberAction, type ActionAnswer } from "./use-member-action";

type PurchaseAnswer = ActionAnswer & { newBalance?: string };

const CENT = 10_000n;

/**
 * Lists the items, the total and the balance; blocks confirmation when the balance is short
 * (spec §4). One idempotency key per opening, so a double click or a retry charges once.
 * Prices and the balance are decided on the server; this only shows what will be asked.
 */
export function ConfirmPurchaseDialog({
  open,
  onOpenChange,
  items,
  period,
  onPurchased,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: readonly PublicPlan[];
  period: BillingPeriod;
  onPurchased: () => void;
}) {
  const { balance, setBalance, openDeposit } = useDashboard();
  const [key, setKey] = React.useState("");
  React.useEffect(() => {
    if (open) setKey(crypto.randomUUID());
  }, [open]);

  const total = cartTotal(items.map((p) => BigInt(p.price)), period);
  const shortfall = total > balance ? total - balance : 0n;

  const { submit, busy } = useMemberAction<PurchaseAnswer>("/api/dashboard/purchase", (answer) => {
    if (answer.success) {
      toast.success("Subscriptions activated successfully!");
      const next = answer.newBalance ? parseUsdt(answer.newBalance) : null;
      if (next !== null) setBalance(next);
      onPurchased();
      onOpenChange(false);
    } else {
      toast.error(answer.error || "Failed to process payment");
    }
  });

  const confirm = () =>
    submit({ planIds: items.map((p) => p.id), billingPeriod: period, totalAmount: microToDecimal(total), idempotencyKey: key });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Confirm purchase</DialogTitle>
          <DialogDescription>The total is paid from your USDT balance.</DialogDescription>
        </DialogHeader>
        <ul aria-label="Items" className="divide-y rounded-md border text-sm">
          {items.map((plan) => (
            <li key={plan.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="font-medium">{plan.name}</span>
              <span className="tabular-nums">
                {formatUsdt(priceFor(BigInt(plan.price), period))}
                <span className="text-muted-foreground"> {periodSuffix[period]}</span>
              </span>
            </li>
          ))}
        </ul>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold tabular-nums">{formatUsdt(total, { suffix: true })}</dd>
          <dt className="text-muted-foreground">Your balance</dt>
          <dd className="text-right tabular-nums">{formatUsdt(balance, { suffix: true })}</dd>
        </dl>
        {shortfall > 0n ? (
          <div role="alert" className="grid gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
            <p>
              {`Insufficient Balance. You need ${formatUsdt(((shortfall + CENT - 1n) / CENT) * CENT)} USDT more to complete this purchase. Please deposit funds to your balance first.`}
            </p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => {
                onOpenChange(false);
                openDeposit();
              }}
            >
              Deposit Funds
            </Button>
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
