import type { Db } from "../db/client.ts";
import { completeCoveredOrder, type CompleteOrderResult } from "../orders/complete-covered-order.ts";
import { sendPaymentFlagAlerts } from "./send-payment-flag-alerts.ts";
import type { StripeEventOutcome } from "./stripe-event-outcome.ts";

/**
 * What follows a card payment event once its transaction committed: a credit completes the
 * member's open order when the balance now covers it (the order the payment was for goes along,
 * so the completion is told which order the money came for), and a flagged refund or dispute
 * alerts the operators. Run after the commit, never inside it: the purchase takes its own locks.
 */
export async function followUpCardEvent({
  db,
  outcome,
}: {
  db: Db;
  outcome: StripeEventOutcome;
}): Promise<{ completion?: CompleteOrderResult }> {
  const completion =
    outcome.outcome === "credited"
      ? await completeCoveredOrder({ db, userId: outcome.memberId, paidFor: outcome.orderId, credit: outcome.credit })
      : undefined;
  if ("flagged" in outcome && outcome.flagged) await sendPaymentFlagAlerts({ db });
  return { completion };
}
