import { data } from "react-router";
import { microToCentsUp } from "~/lib/card-payments";
import { cardCheckoutSchema } from "~/lib/validation/dashboard/card-checkout";
import { createCardCheckout, type CardCheckoutPayment } from "#server/card-payments/create-card-checkout";
import { getStripe } from "#server/card-payments/stripe-client";
import { getConfig, getPublicOrigin } from "#server/config";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { AppError } from "#server/lib/errors";
import { getOpenOrder } from "#server/orders/get-open-order";

/**
 * "Pay by card": opens a Stripe Checkout page for a top-up the member chose, or for what is
 * still due on their open order (worked out here, at this moment: total less balance, rounded
 * up to the cent), and answers its address, which the browser then opens. Without Stripe
 * configured there is nothing to open. Rate-limited per member: each call creates a session at
 * Stripe.
 */
export const action = defineAction({
  access: "member",
  rateLimit: ({ member }) => ({ key: `card-checkout:${member.userId}`, limit: 10, windowSeconds: 15 * 60 }),
  schema: cardCheckoutSchema,
  unexpected: "Card payment could not be started",
  run: async ({ member, input }) => {
    const stripe = getStripe();
    if (!stripe) throw new AppError("NOT_FOUND", "Card payments are not available.");
    const db = getDb();
    let payment: CardCheckoutPayment;
    if (input.purpose === "top_up") payment = { purpose: "top_up", cents: input.amount * 100 };
    else {
      const open = await getOpenOrder({ db, userId: member.userId });
      if (!open || open.order.status !== "pending") throw new AppError("NOT_FOUND", "You have no open order to pay.");
      if (open.order.repriced)
        throw new AppError("CONFLICT", "The order's prices changed: accept the new total before paying.");
      const due = BigInt(open.due);
      if (due === 0n) throw new AppError("CONFLICT", "Your balance already covers this order.");
      payment = {
        purpose: "order",
        orderId: open.order.id,
        cents: microToCentsUp(due),
        description: `order ${open.order.reference}`,
      };
    }
    const checkout = await createCardCheckout({
      db,
      stripe,
      memberId: member.userId,
      email: member.email,
      brandName: getConfig().brandName,
      origin: getPublicOrigin(),
      payment,
    });
    return { url: checkout.url };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
