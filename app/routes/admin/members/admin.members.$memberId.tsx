import { data, useLocation } from "react-router";
import { BackLink } from "~/components/admin/back-link";
import { MemberBanSection } from "~/components/admin/members/member-ban-section";
import { MemberMessagesSection } from "~/components/admin/members/member-messages-section";
import { MemberMoneySection } from "~/components/admin/members/member-money-section";
import { MemberNotesSection } from "~/components/admin/members/member-notes-section";
import { MemberNotificationsSection } from "~/components/admin/members/member-notifications-section";
import { MemberOrdersSection } from "~/components/admin/members/member-orders-section";
import { MemberPaymentFlagsSection } from "~/components/admin/members/member-payment-flags-section";
import { MemberProfileSection } from "~/components/admin/members/member-profile-section";
import { MemberReferralsSection } from "~/components/admin/members/member-referrals-section";
import { MemberSessionsSection } from "~/components/admin/members/member-sessions-section";
import { MemberSubscriptionsSection } from "~/components/admin/members/member-subscriptions-section";
import { MemberTelegramFix } from "~/components/admin/members/member-telegram-fix";
import { MemberTelegramSection } from "~/components/admin/members/member-telegram-section";
import { TargetHistory } from "~/components/admin/target-history";
import { adminMeta } from "~/lib/meta";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { ledgerPageOf, memberPageSchema } from "~/lib/validation/admin/member-page";
import { memberRouteParams } from "~/lib/validation/route-params";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { readRouteParams } from "#server/http/route-params";
import { requireStaffPermission } from "#server/http/staff-guard";
import { listMemberOrders } from "#server/orders/list-member-orders";
import { listTargetHistory } from "#server/staff/list-target-history";
import { addMemberNote, MEMBER_GONE } from "#server/staff/members/add-member-note";
import { getMemberMoney } from "#server/staff/members/get-member-money";
import { getMemberProfile } from "#server/staff/members/get-member-profile";
import { getMemberReferrals } from "#server/staff/members/get-member-referrals";
import { listCompPlans } from "#server/staff/members/list-comp-plans";
import { listMemberMessages } from "#server/staff/members/list-member-messages";
import { listMemberNotes } from "#server/staff/members/list-member-notes";
import { listMemberNotifications } from "#server/staff/members/list-member-notifications";
import { listMemberPaymentFlags } from "#server/staff/members/list-member-payment-flags";
import { listMemberSubscriptions } from "#server/staff/members/list-member-subscriptions";
import { signOutMemberEverywhere } from "#server/staff/members/sign-out-member-everywhere";
import type { Route } from "./+types/admin.members.$memberId";

export const meta: Route.MetaFunction = ({ data: loaded }) => adminMeta(loaded?.profile.email ?? "Member");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "members.read" satisfies StaffPermission;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  const { memberId } = readRouteParams(memberRouteParams, params);
  const db = getDb();
  const account = await getMemberProfile({ db, memberId });
  if (!account) throw data("Not Found", { status: 404 });
  const ledgerPage = ledgerPageOf(new URL(request.url).searchParams);
  const write = can(staff.role, "members.write");
  const [subscriptions, orders, money, notifications, notes, history, messages, compPlans, paymentFlags, referrals] =
    await Promise.all([
      listMemberSubscriptions({ db, memberId }),
      listMemberOrders({ db, userId: memberId, limit: 20 }),
      getMemberMoney({ db, memberId, ledgerPage }),
      listMemberNotifications({ db, memberId }),
      listMemberNotes({ db, memberId }),
      listTargetHistory({ db, target: { type: "member", id: memberId } }),
      // Their contact messages, for those who may read the inbox.
      can(staff.role, "inbox.read") ? listMemberMessages({ db, memberId }) : null,
      write ? listCompPlans({ db }) : [],
      listMemberPaymentFlags({ db, memberId }),
      getMemberReferrals({ db, memberId }),
    ]);
  if (!money) throw data("Not Found", { status: 404 });
  return {
    ...account,
    subscriptions,
    orders,
    money,
    notifications,
    notes,
    history,
    messages,
    compPlans,
    paymentFlags,
    referrals,
    abilities: {
      assist: can(staff.role, "members.assist"),
      write,
      adjustMoney: can(staff.role, "money.write"),
      fixTelegram: can(staff.role, "telegram.fix"),
      readAudit: can(staff.role, "audit.read"),
      // The Referrals list is a money page: linked only for those who may open it.
      readReferrals: can(staff.role, "money.read"),
    },
  };
}

/** The support work on a member: an internal note, or signing them out everywhere. Audited. */
export const action = defineAction({
  access: "staff",
  permission: "members.assist",
  schema: memberPageSchema,
  params: memberRouteParams,
  notFound: MEMBER_GONE,
  run: async ({ input, staff, params: { memberId } }) => {
    const db = getDb();
    if (input.intent === "note") return addMemberNote({ db, memberId, body: input.body, actor: staff.actor });
    return signOutMemberEverywhere({ db, memberId, actor: staff.actor });
  },
});

/** One member, area by area: a plain list of sections, each its own component. */
export default function AdminMember({ loaderData }: Route.ComponentProps) {
  const {
    profile,
    sessions,
    telegram,
    subscriptions,
    orders,
    money,
    notifications,
    notes,
    history,
    messages,
    compPlans,
    paymentFlags,
    referrals,
    abilities,
  } = loaderData;
  const { search } = useLocation();
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  return (
    <div className="grid min-w-0 gap-6">
      <BackLink to="/admin/members">All members</BackLink>
      <h1 className="text-2xl font-bold break-all">
        {profile.deletedAt ? "Deleted member" : name ? `${name} (${profile.email})` : profile.email}
      </h1>
      <MemberPaymentFlagsSection flags={paymentFlags} resolveFor={abilities.adjustMoney ? profile.id : null} />
      <MemberProfileSection profile={profile} />
      <MemberSessionsSection sessions={sessions} canAssist={abilities.assist} />
      <MemberTelegramSection
        telegram={telegram}
        actions={abilities.fixTelegram ? <MemberTelegramFix memberId={profile.id} current={telegram.username} /> : null}
      />
      <MemberSubscriptionsSection
        subscriptions={subscriptions}
        write={abilities.write ? { memberId: profile.id, compPlans } : null}
      />
      <MemberOrdersSection orders={orders} />
      <MemberMoneySection money={money} search={search} adjustFor={abilities.adjustMoney ? profile.id : null} />
      <MemberReferralsSection referrals={referrals} linkList={abilities.readReferrals} />
      <MemberNotificationsSection notifications={notifications} />
      <MemberNotesSection notes={notes} canAssist={abilities.assist} />
      {messages ? <MemberMessagesSection messages={messages} /> : null}
      {abilities.write && !profile.deletedAt ? <MemberBanSection profile={profile} /> : null}
      <TargetHistory history={history} canReadAudit={abilities.readAudit} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
