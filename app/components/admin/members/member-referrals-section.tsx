import { Link } from "react-router";
import { EmptyState } from "~/components/admin/list/empty-state";
import { MemberLink } from "~/components/admin/list/member-cell";
import {
  ReferredMembersTable,
  REFERRAL_REFUSED as REFUSED,
  referralUsdt as usdt,
} from "~/components/admin/referred-members-table";
import { formatDate } from "~/lib/dates";
import type { MemberReferralsView, MemberReferralView } from "~/lib/view-types/admin/members";
import { Facts, MemberSection } from "./member-section";

/** What the referred member's first payment earned the referrer: paid, taken back, or why nothing. */
function rewardText(r: MemberReferralView): string {
  switch (r.state) {
    case "refused":
      return `None: refused, ${REFUSED[r.refusal ?? "self"]}`;
    case "waiting":
      return "Waiting for a first payment";
    case "none":
      return "None (rewards were off)";
    case "paid":
      return `Paid ${usdt(r.reward ?? "0")}`;
    case "partly-reversed":
      return `Paid ${usdt(r.reward ?? "0")}, ${usdt(r.reversed)} taken back`;
    case "reversed":
      return `Reversed: ${usdt(r.reversed)} taken back`;
  }
}

/**
 * Who referred the member (and what their first payment earned that referrer), and the members
 * they referred: the latest few and the rewards of them all.
 */
export function MemberReferralsSection({
  referrals,
  linkList,
}: {
  referrals: MemberReferralsView;
  /** Whether the staff member may open the Referrals list (money.read). */
  linkList: boolean;
}) {
  const { referredBy, referred } = referrals;
  return (
    <MemberSection
      id="member-referrals"
      title="Referrals"
      actions={
        linkList ? (
          <Link to="/admin/referrals" className="text-sm underline underline-offset-4">
            All referrals
          </Link>
        ) : null
      }
    >
      <h3 className="font-medium">Referred by</h3>
      {referredBy ? (
        <Facts
          items={[
            [
              "Referrer",
              <MemberLink key="referrer" userId={referredBy.memberId}>
                {referredBy.email}
              </MemberLink>,
            ],
            ["Signed up through the link", formatDate(referredBy.signedUpAt)],
            ["First payment", referredBy.payment === null ? "Not yet" : usdt(referredBy.payment)],
            ["Referrer's reward", rewardText(referredBy)],
          ]}
        />
      ) : (
        <EmptyState className="text-sm">Not referred: signed up without a referral link.</EmptyState>
      )}
      <h3 className="font-medium">Members they referred</h3>
      {referred.total === 0 ? (
        <EmptyState className="text-sm">Nobody has signed up through their link.</EmptyState>
      ) : (
        <>
          <p className="text-sm" data-slot="member-referral-totals">
            {referred.total} referred {referred.total === 1 ? "member" : "members"}, {referred.rewarded} rewarded:
            rewards paid {usdt(referred.rewardsPaid)}, taken back {usdt(referred.reversed)}.
          </p>
          <div className="overflow-x-auto rounded-md border">
            <ReferredMembersTable
              label="Members they referred"
              rows={referred.latest.map((r) => ({ ...r, reward: rewardText(r) }))}
            />
          </div>
          {referred.total > referred.latest.length ? (
            <p className="text-sm text-muted-foreground">
              Latest {referred.latest.length} of {referred.total}.
            </p>
          ) : null}
        </>
      )}
    </MemberSection>
  );
}
