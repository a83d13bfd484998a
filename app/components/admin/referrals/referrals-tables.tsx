import { EmptyState } from "~/components/admin/list/empty-state";
import { listQuery } from "~/components/admin/list/list-query";
import { MemberCell } from "~/components/admin/list/member-cell";
import { Pager } from "~/components/admin/list/pager";
import {
  ReferredMembersTable,
  REFERRAL_REFUSED as REFUSED,
  referralUsdt as usdt,
} from "~/components/admin/referred-members-table";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatUsdt } from "~/lib/money";
import type { AdminReferralsView, ReferredRow } from "~/lib/view-types/admin/referrals";

/** The totals, the referrers with the most sign-ups, and the referred members newest first. */
export function ReferralsTables({ view }: { view: AdminReferralsView }) {
  const { totals } = view;
  const net = BigInt(totals.rewardsPaid) - BigInt(totals.reversed);
  return (
    <>
      <p className="text-sm" data-slot="referral-totals">
        {totals.signUps} referred {totals.signUps === 1 ? "member" : "members"}, {totals.rewarded} rewarded: rewards
        paid {usdt(totals.rewardsPaid)}, taken back {usdt(totals.reversed)}, kept {formatUsdt(net, { suffix: true })}.
      </p>
      <section aria-labelledby="referrers" className="grid gap-3">
        <h2 id="referrers" className="text-lg font-semibold">
          Referrers
        </h2>
        {view.referrers.length === 0 ? (
          <EmptyState>Nobody has signed up through a referral link yet.</EmptyState>
        ) : (
          <Table aria-label="Referrers">
            <TableHeader>
              <TableRow>
                <TableHead>Member</TableHead>
                <TableHead>Sign-ups</TableHead>
                <TableHead>Rewarded</TableHead>
                <TableHead>Rewards kept</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {view.referrers.map((row) => (
                <TableRow key={row.userId}>
                  <MemberCell userId={row.userId} email={row.email} />
                  <TableCell label="Sign-ups">{row.signUps}</TableCell>
                  <TableCell label="Rewarded">{row.rewarded}</TableCell>
                  <TableCell label="Rewards kept">{usdt(row.rewards)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
      <section aria-labelledby="referred" className="grid gap-3">
        <h2 id="referred" className="text-lg font-semibold">
          Referred members
        </h2>
        {view.referred.length === 0 ? (
          <EmptyState>No referred members yet.</EmptyState>
        ) : (
          <ReferredMembersTable
            label="Referred members"
            withReferrer
            rows={view.referred.map((row) => ({
              memberId: row.userId,
              email: row.email,
              referrer: { memberId: row.referrerId, email: row.referrerEmail },
              signedUpAt: row.signedUpAt,
              payment: row.payment,
              reward: rewardText(row),
            }))}
          />
        )}
        <Pager
          page={view.page}
          pageCount={view.pageCount}
          href={(page) => `/admin/referrals${listQuery({ page: page > 1 ? String(page) : null })}`}
        />
      </section>
    </>
  );
}

function rewardText(row: ReferredRow): string {
  if (row.refusal) return `Refused: ${REFUSED[row.refusal]}`;
  if (row.payment === null) return "Waiting for a first payment";
  if (row.reward === null) return "None (rewards were off)";
  const reversed = BigInt(row.reversed);
  return reversed > 0n ? `${usdt(row.reward)}, ${usdt(row.reversed)} taken back` : usdt(row.reward);
}
