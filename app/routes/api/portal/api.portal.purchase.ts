import { data } from "react-router";
import { balancePaidText } from "~/lib/billing/money-messages";
import { purchaseRequestSchema } from "~/lib/validation/dashboard/purchase";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { requirePortalMember } from "#server/portal/require-portal-member";

/**
 * The portal's "Pay from balance": the website's purchase, for the member the portal's Telegram
 * account is verified to, with the total the portal showed and its idempotency key. The money
 * engine's one transaction decides everything, as for the dashboard's confirm dialog.
 */
export const action = defineAction({
  access: "portal",
  rateLimit: ({ portal }) => ({ key: `purchase:tg:${portal.telegramUserId}`, limit: 20, windowSeconds: 15 * 60 }),
  schema: purchaseRequestSchema,
  unexpected: "Failed to process payment",
  run: async ({ portal, input, clientIp }) => {
    const result = await purchaseSubscriptions({
      db: getDb(),
      userId: requirePortalMember(portal),
      clientIp,
      ...input,
    });
    // The notice says what the balance paid for and what is left, as the dashboard's toast does.
    const paid = result.bought ? ` ${balancePaidText({ bought: result.bought, balance: result.newBalance })}` : "";
    return { ...result, message: `Payment successful.${paid}` };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
