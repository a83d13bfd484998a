import { getConfig, getPublicOrigin } from "../../config.ts";
import { emailHtml } from "../../email/layout.ts";
import { sendEmail } from "../../email/send-email.ts";

/**
 * Tells a member that support corrected the Telegram username on their account: the new
 * username, that the Telegram link must be verified again, and where. Until then the bot has
 * taken them out of their chats.
 */
export async function sendTelegramResetEmail(options: { to: string; firstName: string; username: string }) {
  const brand = getConfig().brandName;
  const link = `${getPublicOrigin()}/dashboard?section=user-info`;
  const paragraphs = [
    `Hi ${options.firstName || "there"},`,
    `Our support team changed the Telegram username on your ${brand} account to @${options.username}.`,
    "Your Telegram account needs to be verified again: until then you are out of your Telegram channels. Generate a new code in your dashboard and send it to our bot; your access comes back as soon as it is verified.",
    "If you did not ask for this change, reply to this email.",
  ];
  await sendEmail({
    to: options.to,
    subject: `Your Telegram username on ${brand} was changed`,
    text: `${paragraphs.join("\n\n")}\n\nVerify your Telegram account: ${link}\n\n— ${brand}\n`,
    html: emailHtml({
      brand,
      heading: "Your Telegram username was changed",
      paragraphs,
      action: { label: "Verify your Telegram account", url: link },
    }),
  });
}
