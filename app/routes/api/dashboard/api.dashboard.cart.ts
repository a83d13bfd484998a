import { data } from "react-router";
import { saveCartSchema } from "~/lib/validation/dashboard/orders";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { saveDashboardCart } from "#server/orders/save-dashboard-cart";

/**
 * The dashboard's cart, written as the member changes it, so it is kept with the account and
 * found again in another tab, browser or sign-in, with the code applied to it. The browser does
 * not wait for the answer.
 */
export const action = defineAction({
  access: "member",
  // Every click of Add to cart or a period tab writes: generous, but bounded.
  rateLimit: ({ member }) => ({ key: `cart:${member.userId}`, limit: 300, windowSeconds: 15 * 60 }),
  schema: saveCartSchema,
  unexpected: "Failed to save the cart",
  run: async ({ member, input, clientIp }) => {
    await saveDashboardCart({ db: getDb(), userId: member.userId, cart: input, clientIp });
    return {};
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
