import { data } from "react-router";
import { createOrderSchema } from "~/lib/validation/dashboard/orders";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { createOrder } from "#server/orders/create-order";
import { requirePortalMember } from "#server/portal/require-portal-member";

/**
 * The portal's "Continue to pay" with a short balance: the plan becomes the member's order (the
 * website's createOrder, replacing a pending one), paid with USDT or a card from the portal's
 * order card, and completed by itself once the balance covers it.
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
    return { orderId, paid: completion.status === "paid", view: "home" };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
