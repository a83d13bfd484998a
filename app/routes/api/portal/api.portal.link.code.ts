import { data } from "react-router";
import { portalLinkCodeSchema } from "~/lib/validation/portal/portal";
import { EMAIL_AUTH_MESSAGES } from "#server/auth/email/email-auth-messages";
import { requestSignInCode } from "#server/auth/email/request-sign-in-code";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { AppError } from "#server/lib/errors";
import { LINK_MESSAGES } from "#server/portal/link-portal-account";

/**
 * Linking an account from the portal, step one: the website's "Email me a sign-in code" for the
 * address typed (same answer whether or not an account uses it, same limits), then the code step.
 */
export const action = defineAction({
  access: "portal",
  schema: portalLinkCodeSchema,
  unexpected: EMAIL_AUTH_MESSAGES.sendFailed,
  run: async ({ portal, input, clientIp }) => {
    if (portal.memberId) throw new AppError("CONFLICT", LINK_MESSAGES.alreadyLinked);
    await requestSignInCode({ db: getDb(), email: input.email, clientIp });
    return { message: EMAIL_AUTH_MESSAGES.codeSent, view: "link", params: { email: input.email } };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
