import { MailMinusIcon } from "lucide-react";
import { EmailLinkPage } from "~/components/blog/email-link-page";
import { seoMeta } from "~/lib/meta";
import { defineAction } from "#server/http/action";
import { unsubscribeLinkRoute } from "#server/http/unsubscribe-link";
import { BROADCAST_MESSAGES } from "#server/staff/broadcasts/messages";
import { findBroadcastUnsubscribe, unsubscribeBroadcasts } from "#server/staff/broadcasts/unsubscribe-broadcasts";
import type { Route } from "./+types/broadcasts.unsubscribe";

/** The link in a broadcast email: shows whose announcements it stops; only its button stops them. */
const route = unsubscribeLinkRoute({
  messages: BROADCAST_MESSAGES,
  find: findBroadcastUnsubscribe,
  unsubscribe: unsubscribeBroadcasts,
});

export const loader = (args: Route.LoaderArgs) => route.loader(args);
export const action = defineAction(route.action);

export { headers, shouldRevalidate } from "~/lib/http/email-link-route";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    matches,
    location,
    title: "Announcements",
    description: "Stop receiving announcements by email.",
    noindex: true,
  });

export default function BroadcastsUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
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
          We will stop sending announcements to <strong className="font-semibold text-foreground">{email}</strong>.
          Emails about your own account (payments, renewals) still come.
        </>
      ) : state === "done" ? (
        `${email} gets no more announcements by email. Emails about your own account still come.`
      ) : (
        "Use the link in the newest announcement you received from us, or write to us through the support button."
      )}
    </EmailLinkPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
