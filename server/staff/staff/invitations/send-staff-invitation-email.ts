import { ROLE_LABELS, type StaffRole } from "~/lib/staff-roles";
import { getConfig, getPublicOrigin } from "../../../config.ts";
import { emailHtml } from "../../../email/layout.ts";
import { sendEmail } from "../../../email/send-email.ts";
import { getLogger } from "../../../lib/logger.ts";
import { INVITATION_HOURS } from "./invitation-token.ts";

/** The invitation link: a public page (outside /admin, which answers 404 to non-staff). */
export function invitationLink(token: string) {
  return `${getPublicOrigin()}/staff-invitation?token=${encodeURIComponent(token)}`;
}

/** The email with the invitation link (SMTP, or the dev outbox without SMTP_URL). */
export async function sendStaffInvitationEmail(options: {
  to: string;
  role: StaffRole;
  invitedBy: string;
  token: string;
}) {
  const config = getConfig();
  const brand = config.brandName;
  const link = invitationLink(options.token);
  const paragraphs = [
    "Hi,",
    `${options.invitedBy} invites you to join the ${brand} back office as ${ROLE_LABELS[options.role]}.`,
    `The link below works once and expires in ${INVITATION_HOURS} hours. If you already have a ${brand} account with this address, sign in and accept; if not, you choose your name and password.`,
    "Staff sign in with two-factor authentication: you will be asked to turn it on before the back office opens.",
    "If you did not expect this, ignore this email.",
  ];
  await sendEmail({
    to: options.to,
    subject: `You are invited to the ${brand} back office`,
    text: `${paragraphs.join("\n\n")}\n\nAccept the invitation: ${link}\n\n— ${brand}\n`,
    html: emailHtml({
      brand,
      heading: "Join the back office",
      paragraphs,
      action: { label: "Accept the invitation", url: link },
    }),
  });
  // Like the password-reset link: in the log only in development without SMTP, never in production.
  if (!config.mail.smtpUrl && !config.isProduction) getLogger().info({ link }, "staff invitation link (dev outbox)");
}
