import { data } from "react-router";
import { contactSchema } from "~/lib/validation/site/contact";
import { defineAction } from "#server/http/action";
import { receiveContactPost } from "#server/http/receive-contact-post";

/** The support dialog's post (JSON); the /contact page's form posts to its own action. */
export const action = defineAction({
  schema: contactSchema,
  status: 201,
  run: receiveContactPost,
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
