import { MailCheckIcon } from "lucide-react";
import { data } from "react-router";
import { EmailLinkPage } from "~/components/blog/email-link-page";
import { linkToken, NO_STORE } from "~/lib/http/email-link-route";
import { seoMeta } from "~/lib/meta";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { isAppError } from "#server/lib/errors";
import { confirmNewsletter, findPendingConfirmation } from "#server/newsletter/confirm-newsletter";
import { NEWSLETTER_MESSAGES } from "#server/newsletter/messages";
import type { Route } from "./+types/newsletter.confirm";

const invalid = () =>
  data(
    { state: "invalid" as const, message: NEWSLETTER_MESSAGES.invalidLink, email: "" },
    { status: 400, headers: NO_STORE },
  );

/** The emailed link: shows what would be confirmed; a GET never confirms (mail scanners open links). */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const { email } = await findPendingConfirmation({ db: getDb(), token: linkToken(request) });
    return data(
      { state: "pending" as const, message: NEWSLETTER_MESSAGES.confirmPrompt, email },
      { headers: NO_STORE },
    );
  } catch (error) {
    if (!isAppError(error)) throw error;
    return invalid();
  }
}

/** The button on that page: confirms once. Works as a plain form post without JavaScript. */
export const action = defineAction({
  // An explicit status: without JavaScript the loader runs again after this action, finds the
  // link used up and answers 400, and only an action's own status takes precedence.
  status: 200,
  headers: NO_STORE,
  onError: (error) => {
    if (error.code === "FORBIDDEN") throw data(error.message, { status: 403 });
    return invalid();
  },
  run: async ({ request }) => {
    const { email } = await confirmNewsletter({ db: getDb(), token: linkToken(request) });
    return { state: "confirmed" as const, message: NEWSLETTER_MESSAGES.confirmed, email };
  },
});

export { headers, shouldRevalidate } from "~/lib/http/email-link-route";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    matches,
    location,
    title: "Newsletter",
    description: "Confirm your subscription to new blog posts.",
    noindex: true,
  });

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  // The action always answers a page state (its errors too): `state` tells them apart from the envelope type.
  const { state, message, email } = actionData && "state" in actionData ? actionData : loaderData;
  return (
    <EmailLinkPage
      state={state === "confirmed" ? "done" : state}
      title={message}
      pendingIcon={MailCheckIcon}
      action="Confirm subscription"
      busyLabel="Confirming..."
    >
      {state === "pending" ? (
        <>
          Send new articles from our blog to <strong className="font-semibold text-foreground">{email}</strong>?
        </>
      ) : state === "confirmed" ? (
        "Thank you. We'll email you when a new article is published."
      ) : (
        "Subscribe again from the blog and use the link in the newest email within 48 hours."
      )}
    </EmailLinkPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
