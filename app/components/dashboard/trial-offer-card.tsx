import { GiftIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import type { TrialOffer } from "~/lib/view-types/member";
import { formatDate } from "./format";

/**
 * A plan's free trial offered to the member: what they get, until when, what it costs after and
 * how it ends, and the one button that starts it. The button posts a plain form, so a tap works
 * before the page's scripts have run (or without them); a refusal comes back as this page with
 * the reason (`refusal`), as does one the offer already knew about. A refused member reads the
 * refusal first, never "start your trial" and its end date above it: a plan an active one already
 * includes has the refusal as its headline and points to their subscriptions, the others a plain
 * heading and the reason under it. Only an unverified email keeps the offer below its reason, as
 * it stands once the email is verified. A plan whose trial was taken away since its link was shown
 * (0 days) only says so.
 */
export function TrialOfferCard({
  offer,
  refusal,
  visitor = false,
}: {
  offer: TrialOffer;
  refusal: string | null;
  /** Nobody is signed in: the trial starts from an account, made or signed into from here. */
  visitor?: boolean;
}) {
  const reason = refusal ?? offer.refusal;
  const days = offer.days === 1 ? "1-day" : `${offer.days}-day`;
  const none = offer.days <= 0;
  const included = offer.included === true && reason === offer.refusal;
  // The offer's promises (its end date, its price after) stand only where it can be taken.
  const offered = !none && (reason === null || offer.needsEmail);
  const title = included
    ? reason
    : none || reason
      ? `Free trial of ${offer.plan}`
      : `Start your ${days} free trial of ${offer.plan}`;
  return (
    <Card className="w-full max-w-xl" data-slot="trial-offer">
      <CardHeader>
        <CardTitle>
          <h1 className="flex items-center gap-2 text-2xl">
            <GiftIcon className="size-6 shrink-0 text-primary" aria-hidden="true" />
            {title}
          </h1>
        </CardTitle>
        {included ? (
          // Answering a click on "Start free trial", it is announced as the other refusals are.
          <CardDescription role={refusal ? "alert" : undefined}>
            {`${offer.plan} is part of a plan you already have, so its free trial would add nothing.`}
          </CardDescription>
        ) : reason ? null : none ? null : (
          <CardDescription>No payment now. One free trial per plan per person.</CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {reason && !included ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3">
            {reason}
          </p>
        ) : null}
        {offered ? (
          <ul className="grid list-disc gap-2 pl-5">
            <li>{`Full access to ${offer.plan} at once, as with a paid subscription: your Telegram links come from our bot.`}</li>
            <li>{`Your trial ends on ${formatDate(offer.endsAt)}. We remind you 3 days and 1 day before.`}</li>
            <li>{`Then it continues at ${offer.price}, paid from your balance if it covers the price and autorenew is on; otherwise your access simply ends. Nothing is charged without your balance.`}</li>
          </ul>
        ) : null}
        {visitor && !none ? (
          <p data-slot="trial-sign-in">
            A free trial starts from your account and needs a verified email. New here? Create your account, confirm
            your email, then start the trial from your dashboard.
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-3">
        {visitor ? (
          none ? null : (
            <>
              <Button asChild>
                <Link to="/join/details">Create an account</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={`/signin?redirectTo=${encodeURIComponent(`/dashboard/trial/${offer.planId}`)}`}>Sign in</Link>
              </Button>
            </>
          )
        ) : included ? (
          <Button asChild>
            <Link to="/dashboard?section=subscriptions">See your subscriptions</Link>
          </Button>
        ) : reason ? (
          <Button asChild>
            <Link to={offer.needsEmail ? "/dashboard" : "/dashboard?section=subscriptions"}>
              {offer.needsEmail ? "Go to your dashboard" : "See plans and subscribe"}
            </Link>
          </Button>
        ) : (
          <form method="post" className="contents">
            <Button type="submit">Start free trial</Button>
          </form>
        )}
        <Button asChild variant="outline">
          <Link to="/pricing">Back to pricing</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
