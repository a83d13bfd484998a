import { data } from "react-router";
import { TOO_MANY } from "#server/auth/accounts/limits";
import { EMAIL_AUTH_MESSAGES } from "#server/auth/email/email-auth-messages";
import { resendVerificationEmail } from "#server/auth/email/resend-verification-email";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";

/** The verification banner's "Resend": a new link to the member's own address, 3 an hour. */
export const action = defineAction({
  access: "member",
  rateLimit: ({ member }) => ({
    key: `verify-email:resend:${member.userId}`,
    limit: 3,
    windowSeconds: 60 * 60,
    message: TOO_MANY,
  }),
  unexpected: "Failed to send the email. Please try again.",
  run: async ({ member, request }) => {
    await resendVerificationEmail({ db: getDb(), userId: member.userId, headers: request.headers });
    return { message: EMAIL_AUTH_MESSAGES.verificationSent };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
