import { data } from "react-router";
import { contactSchema } from "~/lib/validation/site/contact";
import { getMemberSession } from "#server/auth/accounts/session";
import { getConfig } from "#server/config";
import { sendContactAlerts } from "#server/contact/send-contact-alerts";
import { submitContactMessage } from "#server/contact/submit-contact-message";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { getLogger } from "#server/lib/logger";

export const action = defineAction({
  schema: contactSchema,
  status: 201,
  run: async ({ input, clientIp, request, forwardCookies }) => {
    // Anyone may write; a signed-in member's message is linked to their account for the staff.
    const session = await getMemberSession(request);
    forwardCookies(session.headers);
    const db = getDb();
    const { id } = await submitContactMessage({
      db,
      input,
      clientIp,
      limit: getConfig().contactRateLimit,
      userId: session.member?.userId ?? null,
    });
    // The staff alert is tried at once but never awaited: the visitor's answer does not wait
    // for mail or Telegram, and a failure there is the alert job's to retry.
    void sendContactAlerts({ db, submissionId: id }).catch((error: unknown) =>
      getLogger().warn({ submission: id, err: (error as Error).message }, "contact alert: first try failed"),
    );
    return {};
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
