import { MemberCell } from "~/components/admin/list/member-cell";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";

/** An amount of USDT as the back office's referral figures show it. */
export const referralUsdt = (micro: string) => formatUsdt(BigInt(micro), { suffix: true });

/** Why a referral earns nothing, said of the referrer (the back office's words, not the member's). */
export const REFERRAL_REFUSED = {
  self: "the referrer's own account",
  telegram: "the referrer's Telegram account",
  email: "the referrer's email under another spelling",
} as const;

/** One referred member as a row shows them; the reward is already in the words of the page. */
export type ReferredMemberRow = {
  memberId: string;
  email: string;
  /** Who referred them, where the list mixes several referrers. */
  referrer?: { memberId: string; email: string };
  signedUpAt: string;
  /** Their first paid payment (null before it). */
  payment: string | null;
  reward: string;
};

/**
 * Referred members, one row each: the member, who referred them (with `withReferrer`), the day
 * they signed up through the link, their first payment and the referrer's reward. The Referrals
 * list and a member's page list them alike, so staff read one the way they read the other.
 */
export function ReferredMembersTable({
  label,
  rows,
  withReferrer = false,
}: {
  label: string;
  rows: readonly ReferredMemberRow[];
  withReferrer?: boolean;
}) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Member</TableHead>
          {withReferrer ? <TableHead>Referred by</TableHead> : null}
          <TableHead>Signed up</TableHead>
          <TableHead>First payment</TableHead>
          <TableHead>Reward</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.memberId}>
            <MemberCell userId={row.memberId} email={row.email} />
            {withReferrer ? (
              row.referrer ? (
                <MemberCell userId={row.referrer.memberId} email={row.referrer.email} label="Referred by" />
              ) : (
                <TableCell label="Referred by" />
              )
            ) : null}
            <TableCell label="Signed up">{formatDate(row.signedUpAt)}</TableCell>
            <TableCell label="First payment">{row.payment === null ? "Not yet" : referralUsdt(row.payment)}</TableCell>
            <TableCell label="Reward" className="whitespace-normal">
              {row.reward}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
