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
 * the reason (`refusal`), as does one the offer already knew about. A plan whose trial was taken
 * away since its link was shown (0 days) only says so.
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
  return (
    <Card className="w-full max-w-xl" data-slot="trial-offer">
      <CardHeader>
        <CardTitle>
          <h1 className="flex items-center gap-2 text-2xl">
            <GiftIcon className="size-6 shrink-0 text-primary" aria-hidden="true" />
            {none ? `Free trial of ${offer.plan}` : `Start your ${days} free trial of ${offer.plan}`}
          </h1>
        </CardTitle>
        {none ? null : <CardDescription>No payment now. One free trial per plan per person.</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {none ? null : (
          <ul className="grid list-disc gap-2 pl-5">
            <li>{`Full access to ${offer.plan} at once, as with a paid subscription: your Telegram links come from our bot.`}</li>
            <li>{`Your trial ends on ${formatDate(offer.endsAt)}. We remind you 3 days and 1 day before.`}</li>
            <li>{`Then it continues at ${offer.price}, paid from your balance if it covers the price and autorenew is on; otherwise your access simply ends. Nothing is charged without your balance.`}</li>
          </ul>
        )}
        {visitor && !none ? (
          <p data-slot="trial-sign-in">
            A free trial starts from your account and needs a verified email. New here? Create your account, confirm
            your email, then start the trial from your dashboard.
          </p>
        ) : null}
        {reason ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3">
            {reason}
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
