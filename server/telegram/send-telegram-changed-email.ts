import { getConfig, getPublicOrigin } from "../config.ts";
import { emailHtml } from "../email/layout.ts";
import { sendEmail } from "../email/send-email.ts";

/**
 * Tells a member that the Telegram username on their account changed (`by` support, or by the
 * member from their dashboard): the new username, that the Telegram link must be verified again,
 * and where. Until then the bot has taken them out of their chats. Sent for the member's own
 * change too: on a taken-over account it is the owner's one warning that their access moved.
 */
export async function sendTelegramChangedEmail(options: {
  to: string;
  firstName: string;
  username: string;
  by: "support" | "member";
}) {
  const brand = getConfig().brandName;
  const link = `${getPublicOrigin()}/dashboard?section=user-info`;
  const paragraphs = [
    `Hi ${options.firstName || "there"},`,
    options.by === "support"
      ? `Our support team changed the Telegram username on your ${brand} account to @${options.username}.`
      : `The Telegram username on your ${brand} account was changed to @${options.username} from your dashboard.`,
    "Your Telegram account needs to be verified again: until then you are out of your Telegram " +
      "channels. Generate a new code in your dashboard and send it to our bot; your access comes " +
      "back as soon as it is verified.",
    options.by === "support"
      ? "If you did not ask for this change, reply to this email."
      : "If you did not make this change, change your password now and reply to this email.",
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
