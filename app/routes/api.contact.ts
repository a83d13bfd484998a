import { data } from "react-router";
import { contactSchema } from "~/lib/validation/site/contact";
import { getConfig } from "#server/config";
import { submitContactMessage } from "#server/contact/submit-contact-message";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";

export const action = defineAction({
  schema: contactSchema,
  status: 201,
  run: async ({ input, clientIp }) => {
    await submitContactMessage({ db: getDb(), input, clientIp, limit: getConfig().contactRateLimit });
    return {};
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
