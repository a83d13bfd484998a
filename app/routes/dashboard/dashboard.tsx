import { data, useNavigation } from "react-router";
import { BillingSection } from "~/components/dashboard/billing-section";
import { CardPaymentReturn } from "~/components/dashboard/card-payment-return";
import { ComingSoon } from "~/components/dashboard/coming-soon";
import { DashboardShell } from "~/components/dashboard/dashboard-shell";
import { EmailVerificationBanner } from "~/components/dashboard/email-verification-banner";
import { KnowledgebaseSection } from "~/components/dashboard/knowledgebase-section";
import { OrderSection } from "~/components/dashboard/order/order-section";
import { PayOrderByCard } from "~/components/dashboard/pay-order-by-card";
import { ReferralsSection } from "~/components/dashboard/referrals-section";
import { resolveSection } from "~/components/dashboard/sections";
import { SessionEndedProvider, SessionEndedScreen, useSessionState } from "~/components/dashboard/session-state";
import { SubscriptionsSection } from "~/components/dashboard/subscriptions-section";
import { UserInfoSection } from "~/components/dashboard/user-info-section";
import { WelcomeSection } from "~/components/dashboard/welcome-section";
import { useSiteData } from "~/components/site/use-brand";
import { seoMeta } from "~/lib/meta";
import { requireMember } from "#server/auth/accounts/session";
import {
  loadBillingData,
  loadKnowledgebaseData,
  loadOpenOrderNotice,
  loadOrderData,
  loadReferralsData,
  loadSubscriptionsData,
  loadWelcomeData,
  readSidebarState,
} from "#server/dashboard/dashboard-data";
import { getDepositWallet } from "#server/dashboard/get-deposit-wallet";
import { getMemberProfile } from "#server/dashboard/get-member-profile";
import { getDb } from "#server/db/client";
import { withCookies } from "#server/http/auth-actions";
import { isAppError } from "#server/lib/errors";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({ matches, location, title: "Dashboard", description: "Your member dashboard.", noindex: true });

/**
 * The member dashboard. Everything is read for the session's member only; the open
 * section comes from `?section=`, and only that section's data is loaded. Everything is in the
 * server's HTML (readable without JavaScript); while the browser loads another section, that
 * section shows its loading state (the knowledgebase its 4 skeleton rows).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { member, headers } = await requireMember(request);
  const db = getDb();
  const userId = member.userId;
  const section = resolveSection(new URL(request.url).searchParams.get("section"));
  if (!section) throw data("Not Found", { status: 404 });
  const open = section.enabled ? section.key : null;
  const profile = await getMemberProfile({ db, userId }).catch((error: unknown) => {
    // An account without a profile cannot use the dashboard; say so rather than crash.
    if (isAppError(error) && error.code === "NOT_FOUND") throw data("Profile not found", { status: 404 });
    throw error;
  });
  const wallet = await getDepositWallet({ db, userId, address: profile.walletAddress });
  // The order page settles the order before anything reads it (paid when covered, expired when due).
  const order = open === "order" ? await loadOrderData({ db, userId, wallet }) : null;
  return data(
    {
      section,
      sidebarOpen: readSidebarState(request),
      profile,
      wallet,
      openOrder: await loadOpenOrderNotice({ db, userId }),
      welcome: open === "welcome" ? await loadWelcomeData({ db, userId }) : null,
      subscriptions: open === "subscriptions" ? await loadSubscriptionsData({ db, userId }) : null,
      order,
      billing: open === "billing-history" ? await loadBillingData({ db, userId }) : null,
      knowledgebase: open === "knowledgebase" ? await loadKnowledgebaseData({ db }) : null,
      referrals: open === "referrals" ? await loadReferralsData({ db, userId }) : null,
    },
    { headers: withCookies(headers) },
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { sidebarOpen, profile, wallet, openOrder } = loaderData;
  const cardPayments = useSiteData()?.config.cardPayments ?? false;
  // The section being opened shows at once (in its loading state) instead of the old one lingering.
  const target =
    navigation.location?.pathname === "/dashboard"
      ? resolveSection(new URLSearchParams(navigation.location.search).get("section"))
      : null;
  const section = target ?? loaderData.section;
  const loaded = section.key === loaderData.section.key ? loaderData : null;
  // A session that ended elsewhere: none of the member's data stays on screen.
  const session = useSessionState();
  if (session.ended) return <SessionEndedScreen />;
  return (
    <SessionEndedProvider value={session.end}>
      <DashboardShell
        sidebarOpen={sidebarOpen}
        profile={profile}
        wallet={wallet}
        openOrder={openOrder}
        section={section.key}
      >
        <EmailVerificationBanner />
        <CardPaymentReturn />
        {!section.enabled ? (
          <ComingSoon title={section.title} />
        ) : section.key === "user-info" ? (
          <UserInfoSection />
        ) : section.key === "subscriptions" ? (
          <SubscriptionsSection data={loaded?.subscriptions ?? undefined} />
        ) : section.key === "order" ? (
          <OrderSection
            data={loaded?.order ?? undefined}
            card={cardPayments ? (order) => <PayOrderByCard orderId={order.id} due={order.due} /> : undefined}
          />
        ) : section.key === "billing-history" ? (
          <BillingSection data={loaded?.billing ?? undefined} />
        ) : section.key === "referrals" ? (
          <ReferralsSection data={loaded?.referrals ?? undefined} />
        ) : section.key === "knowledgebase" ? (
          <KnowledgebaseSection data={loaded?.knowledgebase ?? undefined} />
        ) : (
          <WelcomeSection data={loaded?.welcome ?? undefined} />
        )}
      </DashboardShell>
    </SessionEndedProvider>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
