import { data, redirect } from "react-router";
import { newsletterSchema } from "~/lib/validation/site/newsletter";
import { getConfig, getPublicOrigin } from "#server/config";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import type { AppError } from "#server/lib/errors";
import type { NewsletterNoticeCode } from "#server/newsletter/messages";
import { subscribeToNewsletter } from "#server/newsletter/subscribe-to-newsletter";

/** A plain form post (no JavaScript: the browser asks for HTML) goes back to the blog with a notice. */
const wantsPage = (request: Request) => (request.headers.get("accept") ?? "").includes("text/html");

const noticeFor = (error: AppError): NewsletterNoticeCode =>
  error.code === "VALIDATION" ? "invalid-email" : error.code === "RATE_LIMITED" ? "rate-limited" : "failed";

function backToBlog(code: NewsletterNoticeCode) {
  return redirect(`/blog?newsletter=${code}#newsletter`, 303);
}

/** "Subscribe to new posts". Scripts get the JSON envelope. */
export const action = defineAction({
  schema: newsletterSchema,
  // A cross-site post stays a 403, page or not: nothing to send a stranger back to.
  onError: (error, request) =>
    wantsPage(request) && error.code !== "FORBIDDEN" ? backToBlog(noticeFor(error)) : undefined,
  run: async ({ input, clientIp, request }) => {
    const outcome = await subscribeToNewsletter({
      db: getDb(),
      email: input.email,
      clientIp,
      siteUrl: getPublicOrigin(),
      brandName: getConfig().brandName,
    });
    if (wantsPage(request)) return backToBlog(outcome.status === "pending" ? "check-inbox" : "subscribed");
    return { status: outcome.status, message: outcome.message };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
