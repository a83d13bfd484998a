import { data, redirect } from "react-router";
import { getConfig, getPublicOrigin } from "#server/config";
import { getDb } from "#server/db/client";
import { failure, readBody } from "#server/http/responses";
import { AppError, isAppError } from "#server/lib/errors";
import type { NewsletterNoticeCode } from "#server/newsletter/messages";
import { subscribeToNewsletter } from "#server/newsletter/subscribe-to-newsletter";
import { assertSameOrigin } from "#server/security/origin";
import type { Route } from "./+types/api.newsletter";

/**
 * "Subscribe to new posts" (DESIGN.md §5). Scripts get JSON; a plain form post (no JavaScript,
 * the browser asks for HTML) is sent back to the blog with a notice code.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const wantsPage = (request.headers.get("accept") ?? "").includes("text/html");
  try {
    if (request.method !== "POST") throw new AppError("VALIDATION", "Method not allowed");
    assertSameOrigin(request);
    const body = await readBody(request);
    const outcome = await subscribeToNewsletter({
      db: getDb(),
      email: body.email,
      clientIp: context.clientIp,
      siteUrl: getPublicOrigin(),
      brandName: getConfig().brandName,
    });
    if (wantsPage) return backToBlog(outcome.status === "pending" ? "check-inbox" : "subscribed");
    return data({ ok: true as const, status: outcome.status, message: outcome.message });
  } catch (error) {
    if (wantsPage && isAppError(error) && error.code !== "FORBIDDEN") {
      return backToBlog(error.code === "VALIDATION" ? "invalid-email" : error.code === "RATE_LIMITED" ? "rate-limited" : "failed");
    }
    return failure(error);
  }
}

function backToBlog(code: NewsletterNoticeCode) {
  return redirect(`/blog?newsletter=${code}#newsletter`, 303);
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
