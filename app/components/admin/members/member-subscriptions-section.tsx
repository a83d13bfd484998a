import { EmptyState } from "~/components/admin/list/empty-state";
import { Badge } from "~/components/ui/badge";
import { coveredStaffLine, pendingChangeStaffLine } from "~/lib/billing/complimentary-cover";
import { formatDate } from "~/lib/dates";
import { trialConvertedText } from "~/lib/trial-converted";
import type { MemberSubscriptionView } from "~/lib/view-types/admin/members";
import { MemberSection } from "./member-section";
import { CompPlanDialog, SubscriptionActions } from "./member-subscription-actions";

const PERIODS = { monthly: "Monthly", quarterly: "Quarterly", lifetime: "Lifetime" } as const;

/** Every subscription the member has had, active first; with members.write, the changes to them. */
export function MemberSubscriptionsSection({
  subscriptions,
  write,
}: {
  subscriptions: MemberSubscriptionView[];
  write: { memberId: string; compPlans: { id: number; name: string }[] } | null;
}) {
  return (
    <MemberSection id="member-subscriptions" title="Subscriptions">
      {write ? (
        <div>
          <CompPlanDialog memberId={write.memberId} plans={write.compPlans} />
        </div>
      ) : null}
      {subscriptions.length === 0 ? (
        <EmptyState className="text-sm">No subscriptions.</EmptyState>
      ) : (
        <ul className="grid gap-2" aria-label="Subscriptions">
          {subscriptions.map((s) => (
            <li key={s.id} className="grid gap-1 rounded-md border p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{s.planName}</span>
                <span className="text-muted-foreground">{PERIODS[s.billingPeriod]}</span>
                <Badge variant={s.status === "active" ? "success" : "outline"}>{s.status}</Badge>
                {s.complimentary ? <Badge variant="secondary">Complimentary</Badge> : null}
                {s.trial ? <Badge variant="secondary">Free trial</Badge> : null}
              </div>
              <p className="text-muted-foreground">
                Started {formatDate(s.startDate)}
                {s.nextBillingDate
                  ? ` · ${s.trial ? "trial ends" : "next billing"} ${formatDate(s.nextBillingDate)}`
                  : ""}{" "}
                · autorenew {s.autorenew ? "on" : "off"}
              </p>
              {s.trialConvertedAt ? (
                <p className="text-muted-foreground" data-slot="trial-converted">
                  {trialConvertedText(s.trialConvertedAt)}
                </p>
              ) : null}
              {s.coveredBy ? (
                <p className="text-muted-foreground" data-slot="covered-by">
                  {coveredStaffLine(s.coveredBy, formatDate)}
                </p>
              ) : null}
              {s.pendingChange ? (
                <p className="text-muted-foreground" data-slot="pending-change">
                  {pendingChangeStaffLine(s.pendingChange, formatDate)}
                </p>
              ) : null}
              {write && s.status === "active" ? (
                <SubscriptionActions memberId={write.memberId} subscription={s} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </MemberSection>
  );
}
