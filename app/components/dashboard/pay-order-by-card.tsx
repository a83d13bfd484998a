import { CreditCardIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { CARD_RATE_NOTE, formatUsd, microToCentsUp, STRIPE_MIN_CHARGE_CENTS } from "~/lib/card-payments";
import { useCardCheckout } from "./use-card-checkout";

/**
 * The order view's card option (only when Stripe is configured): what is still due in US
 * dollars, rounded up to the cent (and at least Stripe's 50 cents), the rate said before paying,
 * and a button that opens Stripe's page for exactly that. The server works the amount out again
 * when the button is pressed, so a deposit landing meanwhile is never paid twice.
 */
export function PayOrderByCard({ due }: { orderId: string; due: bigint }) {
  const { start, busy } = useCardCheckout();
  const cents = Math.max(microToCentsUp(due), STRIPE_MIN_CHARGE_CENTS);
  return (
    <section aria-labelledby="pay-order-by-card-title" data-slot="pay-order-by-card" className="grid gap-3">
      <h3 id="pay-order-by-card-title" className="flex items-center gap-2 font-medium">
        <CreditCardIcon className="size-4" aria-hidden="true" />
        Card
      </h3>
      <p className="text-sm text-muted-foreground">{CARD_RATE_NOTE}</p>
      <Button type="button" disabled={busy} onClick={() => start({ purpose: "order" })} className="justify-self-start">
        {busy ? "Opening Stripe..." : `Pay ${formatUsd(cents)} by card`}
      </Button>
      <p className="text-xs text-muted-foreground">You finish on Stripe&apos;s secure payment page.</p>
    </section>
  );
}
