import { data } from "react-router";
import { balancePaidText } from "~/lib/billing/money-messages";
import { createOrderSchema } from "~/lib/validation/dashboard/orders";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { createOrder } from "#server/orders/create-order";
import { paidAnswer } from "#server/orders/paid-answer";
import { requirePortalMember } from "#server/portal/require-portal-member";

/**
 * The portal's "Continue to pay" with a short balance: the plan becomes the member's order (the
 * website's createOrder, replacing a pending one), paid with USDT or a card from the portal's
 * order card, and completed by itself once the balance covers it (at once, if it already does).
 */
export const action = defineAction({
  access: "portal",
  rateLimit: ({ portal }) => ({ key: `order:tg:${portal.telegramUserId}`, limit: 20, windowSeconds: 15 * 60 }),
  schema: createOrderSchema,
  unexpected: "Failed to create the order",
  run: async ({ portal, input, clientIp }) => {
    const { orderId, completion } = await createOrder({
      db: getDb(),
      userId: requirePortalMember(portal),
      clientIp,
      ...input,
    });
    const paid = paidAnswer(completion);
    if (!paid.paid) return { orderId, paid: false, view: "home" };
    // The balance covered it after all (a deposit arrived while the buy screen was open): the
    // notice says what it paid for and what is left, as "Pay from balance" does.
    const text = balancePaidText({ bought: paid.paidOrder, order: paid.paidOrder.reference, balance: paid.balance });
    return { orderId, paid: true, view: "home", message: `Payment successful. ${text}` };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
