import { CreditCardIcon } from "lucide-react";
import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { CARD_RATE_NOTE, CARD_TOP_UP_MAX_USD, CARD_TOP_UP_MIN_USD } from "~/lib/card-payments";
import { cardCheckoutSchema } from "~/lib/validation/dashboard/card-checkout";
import { useCardCheckout } from "./use-card-checkout";

/**
 * The deposit dialog's card option (only when Stripe is configured): an amount in US dollars,
 * the rate said before anything is paid, and "Pay by card", which opens Stripe's page.
 */
export function CardTopUp() {
  const form = useForm({ initial: { purpose: "top_up", amount: "" }, refusal: "Card payment not started" });
  const { start, busy } = useCardCheckout(form.refuse);
  return (
    <section aria-labelledby="card-top-up-title" data-slot="card-top-up" className="grid gap-3 border-t pt-4">
      <h3 id="card-top-up-title" className="flex items-center gap-2 font-medium">
        <CreditCardIcon className="size-4" aria-hidden="true" />
        Or top up by card
      </h3>
      <p className="text-sm text-muted-foreground">{CARD_RATE_NOTE}</p>
      <form onSubmit={form.submit(cardCheckoutSchema, start)} className="grid gap-3" noValidate>
        <FormField
          id="card-top-up-amount"
          label="Amount (USD)"
          error={form.errors.amount}
          hint={`From ${CARD_TOP_UP_MIN_USD} to ${CARD_TOP_UP_MAX_USD.toLocaleString("en-US")} US dollars; you finish on Stripe's secure payment page.`}
        >
          <Input
            id="card-top-up-amount"
            inputMode="numeric"
            autoComplete="off"
            placeholder="50"
            {...form.field("amount")}
          />
        </FormField>
        <Button type="submit" disabled={busy}>
          {busy ? "Opening Stripe..." : "Pay by card"}
        </Button>
      </form>
    </section>
  );
}
