import { data } from "react-router";
import { cardCheckoutSchema } from "~/lib/validation/dashboard/card-checkout";
import { cardCheckoutPayment } from "#server/card-payments/card-checkout-payment";
import { createCardCheckout } from "#server/card-payments/create-card-checkout";
import { getStripe } from "#server/card-payments/stripe-client";
import { getConfig, getPublicOrigin } from "#server/config";
import { getMemberProfile } from "#server/dashboard/get-member-profile";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { AppError } from "#server/lib/errors";
import { requirePortalMember } from "#server/portal/require-portal-member";
import { getTelegramBot } from "#server/telegram/telegram-bot";
import { getTelegramBotUsername, telegramBotUrl } from "#server/telegram/telegram-links";

/**
 * The portal's "Pay by card": the website's Stripe Checkout for what is still due on the open
 * order (cardCheckoutPayment's rules). The portal opens the answered address outside Telegram
 * (openLink); Stripe then sends the member back to their chat with the bot, where the portal is
 * still open. Only the webhook credits anything.
 */
export const action = defineAction({
  access: "portal",
  rateLimit: ({ portal }) => ({ key: `card-checkout:tg:${portal.telegramUserId}`, limit: 10, windowSeconds: 15 * 60 }),
  schema: cardCheckoutSchema,
  unexpected: "Card payment could not be started",
  run: async ({ portal, input }) => {
    const stripe = getStripe();
    if (!stripe) throw new AppError("NOT_FOUND", "Card payments are not available.");
    const db = getDb();
    const userId = requirePortalMember(portal);
    const payment = await cardCheckoutPayment({ db, userId, request: input });
    const config = getConfig();
    const bot = getTelegramBotUsername({ bot: getTelegramBot(), config: config.telegram });
    const checkout = await createCardCheckout({
      db,
      stripe,
      memberId: userId,
      email: (await getMemberProfile({ db, userId })).email,
      brandName: config.brandName,
      origin: getPublicOrigin(),
      returnUrl: bot ? telegramBotUrl({ username: bot }) : undefined,
      payment,
    });
    return { url: checkout.url };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
