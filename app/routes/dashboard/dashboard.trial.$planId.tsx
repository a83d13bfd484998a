import { data, redirect } from "react-router";
import { TrialOfferCard } from "~/components/dashboard/trial-offer-card";
import { formatDate } from "~/lib/dates";
import { seoMeta } from "~/lib/meta";
import { recordIdParam, routeParams } from "~/lib/validation/route-params";
import { getMemberSession } from "#server/auth/accounts/session";
import { getTrialOffer } from "#server/billing/get-trial-offer";
import { startTrial } from "#server/billing/start-trial";
import { TRIAL_MESSAGES } from "#server/billing/trial-rules";
import { getDb } from "#server/db/client";
import { defineAction, pageHeaders } from "#server/http/action";
import { withCookies } from "#server/http/auth-actions";
import { flashToastCookie } from "#server/http/flash";
import { readRouteParams } from "#server/http/route-params";
import type { Route } from "./+types/dashboard.trial.$planId";

export const meta: Route.MetaFunction = ({ matches, location, data: loaded }) =>
  seoMeta({
    matches,
    location,
    title: loaded ? `Free trial of ${loaded.offer.plan}` : "Free trial",
    description: "Start a free trial.",
    noindex: true,
  });

const pageParams = routeParams({ planId: recordIdParam });

/**
 * A plan's free trial for the signed-in member. A visitor reads the same offer with a way in: an
 * account made here (the sign-in page's "Sign up" would only lead back to /pricing) or a sign-in
 * that comes back to this page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { member, headers } = await getMemberSession(request);
  const { planId } = readRouteParams(pageParams, params);
  const offer = await getTrialOffer({ db: getDb(), userId: member?.userId ?? null, planId });
  if (!offer) throw data(TRIAL_MESSAGES.noTrial, { status: 404, headers: withCookies(headers) });
  return data({ offer, visitor: member === null }, { headers: withCookies(headers) });
}

/** Starts the trial and opens the member's subscriptions, where it shows as a trial. */
export const action = defineAction({
  access: "member",
  params: pageParams,
  notFound: TRIAL_MESSAGES.noTrial,
  run: async ({ member, params: { planId }, forwardCookies }) => {
    const trial = await startTrial({ db: getDb(), userId: member.userId, planId });
    forwardCookies(
      flashToastCookie({
        title: `Your free trial of ${trial.plan} has started`,
        description: `It ends on ${formatDate(trial.endsAt.toISOString())}.`,
      }),
    );
    return redirect("/dashboard?section=subscriptions", 303);
  },
});

export { pageHeaders as headers };

export default function Trial({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData && !actionData.ok ? actionData.error : null;
  return (
    <main className="flex min-h-svh items-start justify-center p-4 sm:items-center sm:p-8">
      <TrialOfferCard offer={loaderData.offer} refusal={refusal} visitor={loaderData.visitor} />
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
