import * as React from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { toast } from "~/components/ui/sonner";

/** How long after coming back from Stripe the dashboard reads the balance again, once. */
const RECHECK_MS = 4000;

/**
 * Coming back from Stripe's page (`?card=paid` or `?card=cancelled`): says what happened, once,
 * and takes the marker out of the address. The balance moves when Stripe's signed webhook
 * arrives, usually before the member is back, sometimes a few seconds after: the dashboard reads
 * it again a moment later.
 */
export function CardPaymentReturn() {
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const card = params.get("card");
  React.useEffect(() => {
    if (card !== "paid" && card !== "cancelled") return;
    if (card === "paid")
      toast.success("Card payment received", {
        description: "Your balance is credited as soon as Stripe confirms the payment, usually within a minute.",
      });
    else toast.error("Card payment cancelled", { description: "Nothing was charged." });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("card");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    // Not cleared when the marker goes (that re-runs this effect): the one read must happen.
    if (card === "paid") window.setTimeout(() => void revalidator.revalidate(), RECHECK_MS);
    // Once per arrival: the marker is gone after the first run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [card]);
  return null;
}
