import { MailMinusIcon } from "lucide-react";
import { EmailLinkPage } from "~/components/blog/email-link-page";
import { seoMeta } from "~/lib/meta";
import { defineAction } from "#server/http/action";
import { unsubscribeLinkRoute } from "#server/http/unsubscribe-link";
import { NEWSLETTER_MESSAGES } from "#server/newsletter/messages";
import { findUnsubscribeAddress, unsubscribeNewsletter } from "#server/newsletter/unsubscribe-newsletter";
import type { Route } from "./+types/newsletter.unsubscribe";

/** The link in a newsletter email: shows whose subscription it ends; only its button ends it. */
const route = unsubscribeLinkRoute({
  messages: NEWSLETTER_MESSAGES,
  find: findUnsubscribeAddress,
  unsubscribe: unsubscribeNewsletter,
});

export const loader = (args: Route.LoaderArgs) => route.loader(args);
export const action = defineAction(route.action);

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
