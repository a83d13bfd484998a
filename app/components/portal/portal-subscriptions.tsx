import { coveredLine, pendingChangeLine } from "~/lib/billing/complimentary-cover";
import { formatDate } from "~/lib/dates";
import { trialConvertedText } from "~/lib/trial-converted";
import type { MemberSubscription } from "~/lib/view-types/member";

const STATUS: Record<MemberSubscription["status"], string> = {
  active: "Active",
  expired: "Ended",
  cancelled: "Cancelled",
};

/**
 * The member's subscriptions (a free trial and a complimentary plan marked as such, a converted
 * trial saying when it converted, a paid plan a gift of theirs includes saying it is not charged
 * while the gift runs, all as the dashboard says it) with their end dates and, where one renews,
 * the renew switch.
 */
export function PortalSubscriptions({ subscriptions }: { subscriptions: MemberSubscription[] }) {
  return (
    <section aria-labelledby="portal-subscriptions" className="card">
      <h2 id="portal-subscriptions">Your subscriptions</h2>
      {subscriptions.length === 0 ? <p className="hint">No subscriptions yet: choose a plan below.</p> : null}
      <ul className="rows">
        {subscriptions.map((s) => {
          const renews = s.status === "active" && s.billingPeriod !== "lifetime" && !s.complimentary;
          return (
            <li key={s.id} data-testid="portal-subscription">
              <h3>{s.planName}</h3>
              <p className="hint">
                {/* A trial or a gift is named as the dashboard names it: the member must not take it for a paid plan. */}
                {s.trial ? "Free trial · " : s.complimentary ? "Complimentary · " : null}
                {STATUS[s.status]} ·{" "}
                {s.nextBillingDate === null
                  ? "Lifetime"
                  : `${s.status !== "active" ? "Ended on" : s.trial ? "Trial ends on" : "Ends on"} ${formatDate(s.nextBillingDate)}`}
              </p>
              {s.trialConvertedAt ? (
                <p className="hint" data-slot="trial-converted">
                  {trialConvertedText(s.trialConvertedAt)}
                </p>
              ) : null}
              {s.coveredBy ? (
                <p className="hint" data-slot="covered-by">
                  {coveredLine(s.coveredBy, formatDate)}
                </p>
              ) : null}
              {s.pendingChange ? (
                <p className="hint" data-slot="pending-change">
                  {pendingChangeLine(s.pendingChange, formatDate)}
                </p>
              ) : null}
              {renews ? (
                <button
                  type="button"
                  role="switch"
                  aria-checked={s.autorenew}
                  className="switch"
                  data-post="/api/portal/autorenew"
                  data-body={JSON.stringify({ subscriptionId: s.id, autorenew: !s.autorenew })}
                >
                  Renew automatically: {s.autorenew ? "on" : "off"}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
