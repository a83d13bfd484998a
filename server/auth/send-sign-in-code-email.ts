import { getConfig } from "../config.ts";
import { emailHtml } from "../email/layout.ts";
import { sendEmail } from "../email/send-email.ts";

/** The one-time sign-in code (issue #15): 6 digits, 10 minutes, 5 tries. Never written to the log. */
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
