import { MailMinusIcon } from "lucide-react";
import { data } from "react-router";
import { EmailLinkPage } from "~/components/blog/email-link-page";
import { linkToken, NO_STORE } from "~/lib/http/email-link-route";
import { seoMeta } from "~/lib/meta";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { isAppError } from "#server/lib/errors";
import { BROADCAST_MESSAGES } from "#server/staff/broadcasts/messages";
import { findBroadcastUnsubscribe, unsubscribeBroadcasts } from "#server/staff/broadcasts/unsubscribe-broadcasts";
import type { Route } from "./+types/broadcasts.unsubscribe";

const invalid = () =>
  data(
    { state: "invalid" as const, message: BROADCAST_MESSAGES.invalidUnsubscribeLink, email: "" },
    { status: 400, headers: NO_STORE },
  );

/** The link in a broadcast email: shows whose announcements it stops; a GET changes nothing. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const { email, subscribed } = await findBroadcastUnsubscribe({ db: getDb(), token: linkToken(request) });
    return data(
      subscribed
        ? { state: "pending" as const, message: BROADCAST_MESSAGES.unsubscribePrompt, email }
        : { state: "done" as const, message: BROADCAST_MESSAGES.unsubscribed, email },
      { headers: NO_STORE },
    );
  } catch (error) {
    if (!isAppError(error)) throw error;
    return invalid();
  }
}

/**
 * The button on that page, and mail apps' one-click unsubscribe (a POST to the List-Unsubscribe
 * address, with no cookies, from the mail provider): the signed token is the only authority.
 */
export const action = defineAction({
  crossSiteBecause: "RFC 8058 one-click unsubscribe: the signed token in the link is the only authority",
  status: 200,
  headers: NO_STORE,
  onError: () => invalid(),
  run: async ({ request }) => {
    const { email } = await unsubscribeBroadcasts({ db: getDb(), token: linkToken(request) });
    return { state: "done" as const, message: BROADCAST_MESSAGES.unsubscribed, email };
  },
});

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
