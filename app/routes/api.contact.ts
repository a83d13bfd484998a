import { data } from "react-router";
import { contactSchema } from "~/lib/validation/site/contact";
import { getMemberSession } from "#server/auth/accounts/session";
import { getConfig } from "#server/config";
import { receiveContactMessage } from "#server/contact/receive-contact-message";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";

/** The support dialog's post (JSON); the /contact page's form posts to its own action. */
export const action = defineAction({
  schema: contactSchema,
  status: 201,
  run: async ({ input, clientIp, request, forwardCookies }) => {
    // Anyone may write; a signed-in member's message is linked to their account for the staff.
    const session = await getMemberSession(request);
    forwardCookies(session.headers);
    await receiveContactMessage({
      db: getDb(),
      input,
      clientIp,
      limit: getConfig().contactRateLimit,
      userId: session.member?.userId ?? null,
    });
    return {};
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
