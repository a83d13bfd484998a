import { MailMinusIcon } from "lucide-react";
import { data } from "react-router";
import { EmailLinkPage } from "~/components/blog/email-link-page";
import { linkToken, NO_STORE } from "~/lib/http/email-link-route";
import { seoMeta } from "~/lib/meta";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { isAppError } from "#server/lib/errors";
import { NEWSLETTER_MESSAGES } from "#server/newsletter/messages";
import { findUnsubscribeAddress, unsubscribeNewsletter } from "#server/newsletter/unsubscribe-newsletter";
import type { Route } from "./+types/newsletter.unsubscribe";

const invalid = () =>
  data(
    { state: "invalid" as const, message: NEWSLETTER_MESSAGES.invalidUnsubscribeLink, email: "" },
    { status: 400, headers: NO_STORE },
  );

/** The link in a newsletter email: shows whose subscription it ends; a GET changes nothing. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const { email, subscribed } = await findUnsubscribeAddress({ db: getDb(), token: linkToken(request) });
    return data(
      subscribed
        ? { state: "pending" as const, message: NEWSLETTER_MESSAGES.unsubscribePrompt, email }
        : { state: "done" as const, message: NEWSLETTER_MESSAGES.unsubscribed, email },
      { headers: NO_STORE },
    );
  } catch (error) {
    if (!isAppError(error)) throw error;
    return invalid();
  }
}

/**
 * The button on that page, and the one-click unsubscribe of mail apps (RFC 8058: a POST to the
 * List-Unsubscribe address with no cookies, sent by the mail provider). No same-origin check:
 * the signed token is the only authority, and ending a subscription is what its holder may do.
 */
export const action = defineAction({
  crossSiteBecause: "RFC 8058 one-click unsubscribe: the signed token in the link is the only authority",
  status: 200,
  headers: NO_STORE,
  onError: () => invalid(),
  // The body is not read (no schema): a mail app's one-click POST may carry any, or none.
  run: async ({ request }) => {
    const { email } = await unsubscribeNewsletter({ db: getDb(), token: linkToken(request) });
    return { state: "done" as const, message: NEWSLETTER_MESSAGES.unsubscribed, email };
  },
});

export { headers, shouldRevalidate } from "~/lib/http/email-link-route";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    matches,
    location,
    title: "Newsletter",
    description: "Stop receiving new blog posts by email.",
    noindex: true,
  });

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  // The action always answers a page state (its errors too): `state` tells them apart from the envelope type.
  const { state, message, email } = actionData && "state" in actionData ? actionData : loaderData;
  return (
    <EmailLinkPage
      state={state}
      title={message}
      pendingIcon={MailMinusIcon}
      action="Unsubscribe"
      busyLabel="Unsubscribing..."
    >
      {state === "pending" ? (
        <>
          We will stop sending new articles from our blog to{" "}
          <strong className="font-semibold text-foreground">{email}</strong>.
        </>
      ) : state === "done" ? (
        `${email} gets no more emails about new posts. You can subscribe again on the blog at any time.`
      ) : (
        "Use the link in the newest email you received from us, or write to us through the support button."
      )}
    </EmailLinkPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
