import type { BroadcastPreviewInput } from "~/lib/validation/admin/broadcasts";
import type { BroadcastPreview } from "~/lib/view-types/admin/broadcasts";
import { getConfig, getPublicOrigin } from "../../config.ts";
import type { DbOrTx } from "../../db/client.ts";
import { broadcastEmail, broadcastTelegramText, broadcastUnsubscribeUrl } from "./broadcast-email.ts";
import { countBroadcastAudience } from "./count-broadcast-audience.ts";
import { TELEGRAM_MESSAGE_LIMIT, telegramTextLength } from "./render-broadcast.ts";

/** The message as the bot and as email render it, and how many it would reach if sent now. */
export async function previewBroadcast(options: {
  db: DbOrTx;
  input: BroadcastPreviewInput;
}): Promise<BroadcastPreview> {
  const { db, input } = options;
  const siteUrl = getPublicOrigin();
  const telegramHtml = broadcastTelegramText(input.body, siteUrl);
  const email = broadcastEmail({
    to: "member@example.com",
    subject: input.subject || "(no subject yet)",
    body: input.body,
    brandName: getConfig().brandName,
    siteUrl,
    unsubscribeUrl: broadcastUnsubscribeUrl(siteUrl, "preview"),
  });
  return {
    telegramHtml,
    telegramLength: telegramTextLength(telegramHtml),
    telegramLimit: TELEGRAM_MESSAGE_LIMIT,
    emailHtml: email.html,
    recipients: await countBroadcastAudience({ db, audience: input.audience, channel: input.channel }),
  };
}
