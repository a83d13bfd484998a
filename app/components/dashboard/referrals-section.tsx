import { Badge } from "~/components/ui/badge";
import { CopyField } from "~/components/ui/copy-field";
import { QrCode } from "~/components/ui/qr-code";
import { Skeleton } from "~/components/ui/skeleton";
import { REFERRAL_REFUSAL_TEXT, REFERRAL_WINDOW_DAYS } from "~/lib/billing/referrals";
import type { MemberReferral, ReferralsData } from "~/lib/view-types/member";
import { DashboardSection, SectionContent } from "./dashboard-section";
import { formatBalance, formatDate } from "./format";

/**
 * Referrals: the member's link with a copy button and its QR code, what it brought (visits in
 * the window, sign-ups, rewards net of refunds) and the rule in force, then each sign-up.
 */
export function ReferralsSection({ data }: { data?: ReferralsData }) {
  return (
    <DashboardSection
      id="referrals"
      title="Referrals"
      description={`Share your link. Whoever signs up through it within ${REFERRAL_WINDOW_DAYS} days is yours, and their first payment earns you a reward.`}
      className="max-w-4xl"
    >
      <SectionContent data={data} loading={<Skeleton className="h-48 w-full" />}>
        {(loaded) => (
          <>
            <ReferralLink link={loaded.link} qr={loaded.qr} />
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              <Figure label="Reward" value={loaded.rule === "Off" ? "Not offered right now" : loaded.rule} />
              <Figure label={`Visits (${REFERRAL_WINDOW_DAYS} days)`} value={String(loaded.visits)} />
              <Figure label="Sign-ups" value={String(loaded.referrals.length)} />
              <Figure label="Earned" value={formatBalance(loaded.earned)} />
            </dl>
            <SignUps referrals={loaded.referrals} />
          </>
        )}
      </SectionContent>
    </DashboardSection>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-semibold break-words">{value}</dd>
    </div>
  );
}

function ReferralLink({ link, qr }: { link: string; qr: { size: number; path: string } }) {
  return (
    <div className="grid gap-4 rounded-lg border p-4 sm:grid-cols-[auto_1fr] sm:items-center">
      <QrCode qr={qr} label="QR code of your referral link" className="mx-auto size-40 rounded-md bg-white" />
      <CopyField
        label="Your referral link"
        value={link}
        what="Link"
        failure="Failed to copy the link"
        valueSlot="referral-link"
        announce
        className="min-w-0"
      />
    </div>
  );
}

function SignUps({ referrals }: { referrals: MemberReferral[] }) {
  if (referrals.length === 0)
    return <p className="text-muted-foreground">Nobody has signed up through your link yet.</p>;
  return (
    <div className="grid gap-2">
      <h2 className="text-lg font-semibold">Sign-ups</h2>
      <ul className="divide-y rounded-lg border" aria-label="Sign-ups through your link">
        {referrals.map((referral, index) => (
          <li key={index} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div className="min-w-0">
              <p className="font-medium">{referral.name}</p>
              <p className="text-sm text-muted-foreground">Signed up {formatDate(referral.signedUpAt)}</p>
            </div>
            <RewardState referral={referral} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function RewardState({ referral }: { referral: MemberReferral }) {
  if (referral.refusal) return <Badge variant="outline">No reward: {REFERRAL_REFUSAL_TEXT[referral.refusal]}</Badge>;
  if (referral.reward === null)
    return (
      <Badge variant="secondary">
        {referral.decided ? "No reward (rewards were off)" : "Waiting for a first payment"}
      </Badge>
    );
  const reversed = BigInt(referral.reversed);
  if (reversed > 0n)
    return (
      <Badge variant="outline">
        Reward {formatBalance(referral.reward)}, {formatBalance(reversed)} taken back (refunded)
      </Badge>
    );
  return <Badge>Reward {formatBalance(referral.reward)}</Badge>;
}
