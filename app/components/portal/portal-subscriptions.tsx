import { formatDate } from "~/lib/dates";
import type { MemberSubscription } from "~/lib/view-types/member";

const STATUS: Record<MemberSubscription["status"], string> = {
  active: "Active",
  expired: "Ended",
  cancelled: "Cancelled",
};

/** The member's subscriptions with their end dates and, where one renews, the renew switch. */
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
                {STATUS[s.status]} ·{" "}
                {s.nextBillingDate === null
                  ? "Lifetime"
                  : `${s.status === "active" ? "Ends on" : "Ended on"} ${formatDate(s.nextBillingDate)}`}
              </p>
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
