import { getConfig, getPublicOrigin } from "../../config.ts";
import { emailHtml } from "../../email/layout.ts";
import { sendEmail } from "../../email/send-email.ts";

/** The one-time sign-in code: 6 digits, 10 minutes, 5 tries. Never written to the log. */
export async function sendSignInCodeEmail(options: { to: string; code: string }) {
  const brand = getConfig().brandName;
  const paragraphs = [
    `Your ${brand} sign-in code is ${options.code}.`,
    "Enter it on the sign-in page within 10 minutes. It works once.",
    "If you did not ask for a code, ignore this email: nobody can sign in without it.",
  ];
  await sendEmail({
    to: options.to,
    subject: `${options.code} is your ${brand} sign-in code`,
    text: `${paragraphs.join("\n\n")}\n\n— ${brand}\n`,
    html: emailHtml({ brand, heading: "Your sign-in code", paragraphs }),
  });
}

/**
 * Instead of a code, for an account with two-factor on: a code from the mailbox must not skip
 * the second factor, yet the member who asked should learn why none came rather than wait for
 * it. The screen's answer stays the same for every address; only the mailbox learns this.
 */
export async function sendSignInCodeRefusedEmail(options: { to: string }) {
  const brand = getConfig().brandName;
  const link = `${getPublicOrigin()}/signin`;
  const paragraphs = [
    `Someone asked for a ${brand} sign-in code for this address.`,
    "Your account has two-factor sign-in turned on, so sign-in codes by email are off for it: " +
      "sign in with your password and the code from your authenticator app (or a backup code).",
    "If you did not ask, ignore this email: nothing has changed.",
  ];
  await sendEmail({
    to: options.to,
    subject: `Sign in to ${brand} with your password`,
    text: `${paragraphs.join("\n\n")}\n\nSign in: ${link}\n\n— ${brand}\n`,
    html: emailHtml({
      brand,
      heading: "Sign in with your password",
      paragraphs,
      action: { label: "Sign in", url: link },
    }),
  });
}
