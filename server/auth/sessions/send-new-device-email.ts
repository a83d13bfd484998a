import { formatDateTime } from "~/lib/dates";
import { getConfig, getPublicOrigin } from "../../config.ts";
import { emailHtml } from "../../email/layout.ts";
import { sendEmail } from "../../email/send-email.ts";

/**
 * "New sign-in to your account": which browser and system, from where (country
 * when the proxy reports it, otherwise the masked address block) and when, and what to do if
 * it was not the member. Never the full address.
 */
export async function sendNewDeviceEmail(options: {
  to: string;
  name: string;
  browser: string;
  os: string;
  place: string | null;
  address: string | null;
  at: Date;
}) {
  const brand = getConfig().brandName;
  const link = `${getPublicOrigin()}/dashboard?section=user-info`;
  const where = options.place
    ? ` near ${options.place}`
    : options.address
      ? ` from the network ${options.address}`
      : "";
  const when = formatDateTime(options.at);
  const paragraphs = [
    `Hi ${options.name.split(" ")[0] || "there"},`,
    `Your ${brand} account was just signed in to from a new device: ${options.browser} on ${options.os}${where}, at ${when}.`,
    "If this was you, there is nothing to do.",
    "If it was not, change your password now and sign out the devices you do not recognise " +
      "under User Info → Security in your dashboard.",
  ];
  await sendEmail({
    to: options.to,
    subject: `New sign-in to your ${brand} account`,
    text: `${paragraphs.join("\n\n")}\n\nReview signed-in devices: ${link}\n\n— ${brand}\n`,
    html: emailHtml({
      brand,
      heading: "New sign-in to your account",
      paragraphs,
      action: { label: "Review signed-in devices", url: link },
    }),
  });
}
