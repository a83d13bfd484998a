import { getConfig, getPublicOrigin } from "../../config.ts";
import { getDb } from "../../db/client.ts";
import { emailHtml } from "../../email/layout.ts";
import { sendEmail } from "../../email/send-email.ts";
import { getLogger } from "../../lib/logger.ts";
import { readEmailLinkToken, rememberEmailLink } from "./email-link-store.ts";

/**
 * Better Auth's `sendVerificationEmail`: after sign-up or "Resend" it confirms the member's
 * address; after an email change request it goes to the NEW address and confirms the change.
 * The link opens our /verify-email page (a button there uses it: a mail scanner's GET does
 * nothing), works once, and only the newest link of its kind works.
 */
export async function sendVerificationEmail(options: { userId: string; to: string; name: string; token: string }) {
  const config = getConfig();
  const change = readEmailLinkToken(options.token)?.updateTo !== undefined;
  const linkId = await rememberEmailLink({
    db: getDb(),
    token: options.token,
    userId: options.userId,
    kind: change ? "change" : "verify",
  });
  const link = `${getPublicOrigin()}/verify-email?token=${linkId}`;
  const brand = config.brandName;
  const hello = `Hi ${options.name.split(" ")[0] || "there"},`;
  const paragraphs = change
    ? [
        hello,
        `You asked to use ${options.to} for your ${brand} account. Confirm it with the link below: it works once and expires in 24 hours.`,
        "If you did not ask for this, ignore this email: nothing changes.",
      ]
    : [
        hello,
        `Please confirm that ${options.to} is the email address of your ${brand} account. The link below works once and expires in 24 hours.`,
        "If you did not create an account, ignore this email.",
      ];
  const heading = change ? "Confirm your new email address" : "Verify your email address";
  const label = change ? "Confirm new email" : "Verify email";
  await sendEmail({
    to: options.to,
    subject: change ? `Confirm your new ${brand} email address` : `Verify your ${brand} email address`,
    text: `${paragraphs.join("\n\n")}\n\n${label}: ${link}\n\n— ${brand}\n`,
    html: emailHtml({ brand, heading, paragraphs, action: { label, url: link } }),
  });
  if (!config.mail.smtpUrl && !config.isProduction) getLogger().info({ link }, "email verification link (dev outbox)");
}
