import { data } from "react-router";
import { portalLinkSchema } from "~/lib/validation/portal/portal";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { LINK_MESSAGES, linkPortalAccount } from "#server/portal/link-portal-account";

/**
 * Linking an account from the portal, step two: the emailed code proves the account, which is
 * then verified with the Telegram account the portal's signed init data named.
 */
export const action = defineAction({
  access: "portal",
  schema: portalLinkSchema,
  unexpected: "Your account could not be linked. Please try again.",
  run: async ({ portal, input, clientIp, request }) => {
    await linkPortalAccount({
      db: getDb(),
      session: portal,
      email: input.email,
      code: input.code,
      clientIp,
      headers: request.headers,
    });
    return { message: LINK_MESSAGES.linked, view: "home" };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
