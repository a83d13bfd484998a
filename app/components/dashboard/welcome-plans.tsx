import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { MemberSubscription, WelcomeData } from "~/lib/view-types/member";
import { useDashboard } from "./dashboard-context";
import { formatDate, periodName } from "./format";

/** When a plan renews or ends, in words: the date alone would not say which. */
function renewalText(subscription: MemberSubscription): string {
  if (!subscription.nextBillingDate) return "never ends";
  const date = formatDate(subscription.nextBillingDate);
  if (subscription.complimentary) return `complimentary, ends on ${date}`;
  if (subscription.trial) return `free trial, ends on ${date}`;
  return subscription.autorenew ? `renews on ${date}` : `ends on ${date}`;
}

/**
 * Welcome's first card: what the member has, and the one next step. Access is delivered in
 * Telegram, so a member who paid but has not verified is told that verifying comes next.
 */
export function WelcomePlans({
  data,
  telegramVerified,
  telegramBot,
}: {
  data?: WelcomeData;
  telegramVerified: boolean;
  telegramBot: string | null;
}) {
  const { openOrder } = useDashboard();
  if (!data) return null;
  if ("error" in data)
    return (
      <p role="alert" className="text-sm text-destructive">
        {data.error}
      </p>
    );
  const { active } = data;
  return (
    <Card data-slot="welcome-plans">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Your plans</h2>
        </CardTitle>
        {active.length === 0 && openOrder ? (
          <CardDescription>You have no active plan yet: it starts as soon as your order above is paid.</CardDescription>
        ) : active.length === 0 ? (
          <CardDescription>
            You have no active plan yet.{" "}
            <Link to="/dashboard?section=subscriptions" className="underline underline-offset-4">
              Choose your plans under Subscriptions
            </Link>
            .
          </CardDescription>
        ) : null}
      </CardHeader>
      {active.length > 0 ? (
        <CardContent className="grid gap-3">
          <ul className="grid gap-1 text-sm" aria-label="Active plans">
            {active.map((subscription) => (
              <li key={subscription.id}>
                <strong>{subscription.planName}</strong> ({periodName[subscription.billingPeriod]}):{" "}
                {renewalText(subscription)}
              </li>
            ))}
          </ul>
          <p className="text-sm font-medium">
            {telegramVerified
              ? `Next step: open Telegram. Your access links come from ${telegramBot ? `@${telegramBot}` : "our bot"}; send it /links to get them again.`
              : "Next step: verify your Telegram account below. Your access links are sent there as soon " +
                "as it is verified."}
          </p>
        </CardContent>
      ) : null}
    </Card>
  );
}
