import { UnsubscribePage } from "~/components/blog/unsubscribe-page";
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
  return (
    <UnsubscribePage
      loaderData={loaderData}
      actionData={actionData}
      pending={(email) => <>We will stop sending new articles from our blog to {email}.</>}
      done={(email) => `${email} gets no more emails about new posts. You can subscribe again on the blog at any time.`}
      invalid="Use the link in the newest email you received from us, or write to us through the support button."
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
