import * as React from "react";
import { toast } from "~/components/ui/sonner";
import type { ActionFailure } from "~/lib/action-answer";
import type { CardCheckoutRequest } from "~/lib/validation/dashboard/card-checkout";
import { useMemberAction, type ActionAnswer } from "./use-member-action";

/**
 * Starts a card payment: the server opens a Stripe Checkout page and answers its address, and
 * the browser goes there (a full navigation to Stripe's own site). Stays busy until the page is
 * left, so the button cannot open a second session meanwhile. A refusal goes to `onRefused`
 * (field errors for a form) or, without one, to a toast.
 */
export function useCardCheckout(onRefused?: (answer: ActionFailure) => void) {
  const [leaving, setLeaving] = React.useState(false);
  const { submit, busy } = useMemberAction<ActionAnswer<{ url: string }>>(
    (answer) => {
      if (answer.ok) {
        setLeaving(true);
        window.location.assign(answer.url);
        return;
      }
      if (onRefused) onRefused(answer);
      else toast.error("Card payment not started", { description: answer.error });
    },
    { action: "/api/dashboard/card-checkout" },
  );
  return {
    start: (request: CardCheckoutRequest) => submit(request),
    busy: busy || leaving,
  };
}
