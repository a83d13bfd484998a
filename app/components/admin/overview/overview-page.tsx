import { Link } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import { plural } from "~/lib/plural";
import { cn } from "~/lib/utils";
import { overviewRanges, type AdminOverview } from "~/lib/view-types/admin/overview";
import { AGO, BEFORE, churnChange, churnRate, countChange, moneyChange } from "./change";
import { definitions } from "./definitions";
import { Figure, FigureSection } from "./figure";
import { OverviewCharts } from "./overview-charts";

const count = (n: number) => n.toLocaleString("en-US");
const usdt = (micro: string) => formatUsdt(BigInt(micro), { suffix: true });

/** Of the trials that ended in the period, the share that converted: "40.0%", or "—" when none ended. */
function conversionRate(t: { converted: number; endedUnpaid: number }) {
  const ended = t.converted + t.endedUnpaid;
  return ended === 0 ? "—" : `${((t.converted / ended) * 100).toFixed(1)}%`;
}

/** The back office's first page: figures by what the role may see, then the charts. */
export function OverviewPage({ overview }: { overview: AdminOverview }) {
  const { money, content, signUps } = overview;
  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold">Overview</h1>
        <p className="text-xs text-muted-foreground">
          As of <time dateTime={overview.asOf}>{formatDateTime(overview.asOf)}</time>
        </p>
      </div>
      <FigureSection id="members-heading" title="Members">
        <Figure
          label="Total members"
          value={count(overview.totalMembers.now)}
          change={countChange(overview.totalMembers.now, overview.totalMembers.days30Ago, AGO)}
          definition={definitions.totalMembers}
        />
        <Figure
          label="Active members"
          value={count(overview.activeMembers)}
          change={countChange(overview.activeMembers, overview.activeMembers30dAgo, AGO)}
          definition={definitions.activeMembers}
        />
        <Figure
          label="Sign-ups, 30 days"
          value={count(signUps.days30)}
          change={countChange(signUps.days30, signUps.previous30, BEFORE)}
          detail={`Today ${count(signUps.today)} · 7 days ${count(signUps.days7)}`}
          definition={definitions.signUps}
        />
      </FigureSection>
      {money ? (
        <FigureSection id="money-heading" title="Money">
          <Figure
            label="MRR"
            value={usdt(money.mrr)}
            change={moneyChange(money.mrr, money.mrr30dAgo, AGO)}
            detail={plural(money.mrrSubscriptions, "paid recurring subscription")}
            definition={definitions.mrr}
          />
          <Figure
            label="Deposits, 30 days"
            value={usdt(money.deposits.days30.sum)}
            change={moneyChange(money.deposits.days30.sum, money.deposits.previous30.sum, BEFORE)}
            detail={`USDT ${usdt(money.deposits.byMethod.usdt.days30.sum)} · Card ${usdt(money.deposits.byMethod.card.days30.sum)}`}
            definition={definitions.deposits}
          />
          <Figure
            label="Staff credits, 30 days"
            value={usdt(money.staffCredits.days30.sum)}
            change={moneyChange(money.staffCredits.days30.sum, money.staffCredits.previous30.sum, BEFORE)}
            detail={`Not deposits: ${plural(money.staffCredits.days30.count, "credit")} added by staff`}
            definition={definitions.staffCredits}
          />
          <Figure
            label="Coupons, 30 days"
            value={usdt(money.coupons.days30.givenUp)}
            change={moneyChange(money.coupons.days30.givenUp, money.coupons.previous30.givenUp, BEFORE)}
            detail={`Given up in ${plural(money.coupons.days30.count, "redemption")} · ${usdt(money.coupons.days30.charged)} charged after discount`}
            definition={definitions.coupons}
          />
          <Figure
            label="Referral rewards, 30 days"
            value={usdt(money.referrals.days30.paid)}
            change={moneyChange(money.referrals.days30.paid, money.referrals.previous30.paid, BEFORE)}
            detail={`${plural(money.referrals.days30.count, "reward")} paid · ${usdt(money.referrals.days30.reversed)} taken back with refunds`}
            definition={definitions.referrals}
          />
          <Figure
            label="Trial conversions, 30 days"
            value={count(money.trials.days30.converted)}
            change={countChange(money.trials.days30.converted, money.trials.previous30.converted, BEFORE)}
            detail={`${count(money.trials.days30.started)} started · ${conversionRate(money.trials.days30)} of ${count(money.trials.days30.converted + money.trials.days30.endedUnpaid)} ended converted · ${usdt(money.trials.days30.charged)} charged · ${count(money.trials.onTrialNow)} on trial now`}
            definition={definitions.trials}
          />
          <Figure
            label="Lifetime sales"
            value={usdt(money.lifetimeSales.sum)}
            change={
              money.lifetimeSales.days30.count === 0
                ? "None in the last 30 days"
                : `+${usdt(money.lifetimeSales.days30.sum)} in the last 30 days`
            }
            detail={`${plural(money.lifetimeSales.count, "checkout")} · ${plural(money.lifetimeSales.plans, "plan")}`}
            definition={definitions.lifetimeSales}
          />
          <Figure
            label="Renewals at risk"
            value={count(money.renewalsAtRisk.subscriptions)}
            detail={`Next 7 days · ${plural(money.renewalsAtRisk.members, "member")} · ${usdt(money.renewalsAtRisk.shortfall)} short${money.renewalsAtRisk.trials > 0 ? ` · ${plural(money.renewalsAtRisk.trials, "trial")} won’t convert` : ""}`}
            definition={definitions.renewalsAtRisk}
          />
          <Figure
            label="Churn, 30 days"
            value={churnRate(money.churn30d.ended, money.churn30d.activeAtStart)}
            change={churnChange(money.churn30d, money.churnPrevious30d)}
            detail={`${count(money.churn30d.ended)} ended of ${count(money.churn30d.activeAtStart)} active 30 days ago`}
            definition={definitions.churn}
          />
        </FigureSection>
      ) : null}
      {content ? (
        <FigureSection id="content-heading" title="Content">
          <Figure label="Published posts" value={String(content.publishedPosts)} />
          <Figure label="Draft posts" value={String(content.draftPosts)} />
          <Figure label="Published plans" value={String(content.publishedPlans)} />
        </FigureSection>
      ) : null}
      <section aria-labelledby="charts-heading" className="grid min-w-0 gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="charts-heading" className="text-sm font-medium text-muted-foreground">
            Last {overview.range} days
          </h2>
          <nav aria-label="Chart range" className="flex gap-2 text-sm">
            {overviewRanges.map((days) => (
              <Link
                key={days}
                to={days === 30 ? "/admin" : `/admin?days=${days}`}
                aria-current={days === overview.range ? "page" : undefined}
                className={cn(
                  "rounded-md border px-3 py-1",
                  days === overview.range ? "bg-primary text-primary-foreground" : "hover:bg-muted",
                )}
              >
                {days} days
              </Link>
            ))}
          </nav>
        </div>
        <OverviewCharts series={overview.series} />
      </section>
    </div>
  );
}
