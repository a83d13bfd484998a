import { getConfig } from "../../config.ts";
import { emailHtml } from "../../email/layout.ts";
import { sendEmail } from "../../email/send-email.ts";
import { getLogger } from "../../lib/logger.ts";

/**
 * The reset email of "Forgot password": one link to /reset-password that works once, for
 * one hour. Better Auth hands us its token and a URL whose `callbackURL` is the address of our
 * reset page (set by the forgot-password action from the site's origin).
 */
export async function sendPasswordResetEmail(options: { to: string; name: string; token: string; url: string }) {
  const config = getConfig();
  // Better Auth's URL may lack an origin (no baseURL configured): read the parameter by hand.
  const match = /[?&]callbackURL=([^&]+)/.exec(options.url);
  const callback = match ? decodeURIComponent(match[1]!) : null;
  const page =
    callback && /^https?:\/\//.test(callback)
      ? callback
      : `${config.publicUrl ?? `http://localhost:${config.port}`}/reset-password`;
  const link = `${page}?token=${encodeURIComponent(options.token)}`;
  const brand = config.brandName;
  const paragraphs = [
    `Hi ${options.name.split(" ")[0] || "there"},`,
    `We received a request to reset the password of your ${brand} account. The link below works once and expires in 1 hour.`,
    "If you did not ask for this, ignore this email: your password stays as it is.",
  ];
  await sendEmail({
    to: options.to,
    subject: `Reset your ${brand} password`,
    text: `${paragraphs.join("\n\n")}\n\nReset your password: ${link}\n\n— ${brand}\n`,
    html: emailHtml({
      brand,
      heading: "Reset your password",
      paragraphs,
      action: { label: "Reset password", url: link },
    }),
  });
  // Without SMTP, in development, the link is also in the log, so it can be followed locally.
  // Never in production: a log is read by more people, kept longer and shipped further than a
  // mailbox, and for an hour this link lets whoever holds it take over the account. There the
  // message is only in the outbox file (owner-only) and the log names that file.
  if (!config.mail.smtpUrl && !config.isProduction) getLogger().info({ link }, "password reset link (dev outbox)");
}
