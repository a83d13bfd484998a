import { CheckCircle2Icon, SendIcon } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { WelcomeData } from "~/lib/view-types/member";
import { useDashboard } from "./dashboard-context";
import { DashboardSection } from "./dashboard-section";
import { OpenOrderCard } from "./order/open-order-notice";
import { TelegramCodeDialog } from "./telegram-code-dialog";
import { WelcomePlans } from "./welcome-plans";

/** Welcome: an unpaid order first, the member's plans and next step, then "Enter Your Telegram Username" verification. */
export function WelcomeSection({ data }: { data?: WelcomeData }) {
  const { profile } = useDashboard();
  const username = profile.telegramUsername;
  return (
    <DashboardSection
      id="welcome"
      title={`Welcome, ${profile.firstName}!`}
      description="Link your Telegram account to receive signals, then pick your plans under Subscriptions."
      className="max-w-3xl"
    >
      <OpenOrderCard />
      <WelcomePlans data={data} telegramVerified={profile.telegramVerified} telegramBot={profile.telegramBot} />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="flex items-center gap-2 text-lg">
              <SendIcon className="size-5 text-primary" aria-hidden="true" />
              Enter Your Telegram Username
            </h2>
          </CardTitle>
          <CardDescription>Our products are delivered in Telegram, to the username on your account.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-sm">
            Telegram username: <strong>{username ? `@${username}` : "not set"}</strong>{" "}
            <Link to="/dashboard?section=user-info" className="underline underline-offset-4">
              {username ? "Not right? Change it in User Info" : "Set it in User Info"}
            </Link>
          </p>
          {profile.telegramVerified ? (
            <p
              role="status"
              className={
                "flex items-center gap-2 rounded-lg border border-green-600/40 bg-green-600/10 p-4 " +
                "font-medium text-green-800 dark:text-green-300"
              }
            >
              <CheckCircle2Icon className="size-5 shrink-0" aria-hidden="true" />
              Telegram Verified
            </p>
          ) : (
            <>
              <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
                <li>Generate your verification code.</li>
                <li>
                  Send the code to our Telegram bot from {username ? `@${username}` : "your Telegram account"} within 15
                  minutes.
                </li>
                <li>Come back here: your account shows “Telegram Verified”.</li>
              </ol>
              <div>
                <TelegramCodeDialog
                  telegramUsername={username}
                  telegramBot={profile.telegramBot}
                  pendingCode={profile.pendingCode}
                />
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </DashboardSection>
  );
}
