import { data } from "react-router";
import { changeEmailSchema } from "~/lib/validation/auth/email-auth";
import { TOO_MANY } from "#server/auth/accounts/limits";
import { EMAIL_AUTH_MESSAGES } from "#server/auth/email/email-auth-messages";
import { requestEmailChange } from "#server/auth/email/request-email-change";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";

/** User Info → Email → edit: a confirmation link to the new address, 5 requests an hour. */
export const action = defineAction({
  access: "member",
  schema: changeEmailSchema,
  rateLimit: ({ member }) => ({
    key: `change-email:${member.userId}`,
    limit: 5,
    windowSeconds: 60 * 60,
    message: TOO_MANY,
  }),
  unexpected: "Failed to send the email. Please try again.",
  run: async ({ member, input, request }) => {
    const { email } = await requestEmailChange({
      db: getDb(),
      userId: member.userId,
      newEmail: input.email,
      headers: request.headers,
    });
    return { email, message: EMAIL_AUTH_MESSAGES.changeSent };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
