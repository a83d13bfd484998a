import { data } from "react-router";
import { createOrderSchema } from "~/lib/validation/dashboard/orders";
import { purchaseMessages } from "#server/billing/messages";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { createOrder } from "#server/orders/create-order";

/**
 * Subscribe with a short balance: the cart becomes the member's order (replacing a pending one),
 * completed at once if the balance covers it after all. Answers the order's id and whether it
 * was already paid; the dashboard then opens the order.
 */
export const action = defineAction({
  access: "member",
  signedOutMessage: purchaseMessages.signIn,
  rateLimit: ({ member }) => ({ key: `order:${member.userId}`, limit: 20, windowSeconds: 15 * 60 }),
  schema: createOrderSchema,
  unexpected: "Failed to create the order",
  run: async ({ member, input, clientIp }) => {
    const { orderId, completion } = await createOrder({ db: getDb(), userId: member.userId, clientIp, ...input });
    return { orderId, paid: completion.status === "paid" };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
