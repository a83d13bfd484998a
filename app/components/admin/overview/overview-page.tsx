import { Link } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import { plural } from "~/lib/plural";
import { cn } from "~/lib/utils";
import { overviewRanges, type AdminOverview, type MoneyInFigures } from "~/lib/view-types/admin/overview";
import { definitions } from "./definitions";
import { Figure, FigureSection } from "./figure";
import { OverviewCharts } from "./overview-charts";

const count = (n: number) => n.toLocaleString("en-US");
const usdt = (micro: string) => formatUsdt(BigInt(micro), { suffix: true });
const windows = (f: MoneyInFigures["byMethod"]["usdt"]) =>
  `today ${usdt(f.today.sum)} (${count(f.today.count)}) · 7 days ${usdt(f.days7.sum)} (${count(f.days7.count)}) · 30 days ${usdt(f.days30.sum)} (${count(f.days30.count)})`;
/** One method's line of the money-in figure, so USDT and card can be told apart. */
const byMethod = (method: string, f: MoneyInFigures["byMethod"]["usdt"]) => `${method}: ${windows(f)}`;

/** "12.5%", or "—" when nothing was active to churn from. */
export function churnRate(ended: number, activeAtStart: number) {
  return activeAtStart === 0 ? "—" : `${((ended / activeAtStart) * 100).toFixed(1)}%`;
}

/** The back office's first page: figures by what the role may see, then the charts. */
export function OverviewPage({ overview }: { overview: AdminOverview }) {
  const { money, content } = overview;
  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold">Overview</h1>
        <p className="text-xs text-muted-foreground">
          As of <time dateTime={overview.asOf}>{formatDateTime(overview.asOf)}</time>
        </p>
      </div>
      <FigureSection id="members-heading" title="Members">
        <Figure label="Active members" value={count(overview.activeMembers)} definition={definitions.activeMembers} />
        <Figure
          label="New sign-ups"
          value={count(overview.signUps.today)}
          note={`Today · ${count(overview.signUps.days7)} in 7 days · ${count(overview.signUps.days30)} in 30 days`}
          definition={definitions.signUps}
        />
      </FigureSection>
      {money ? (
        <FigureSection id="money-heading" title="Money">
          <Figure
            label="MRR"
            value={usdt(money.mrr)}
            note={`${count(money.mrrSubscriptions)} paid recurring subscriptions`}
            definition={definitions.mrr}
          />
          <Figure
            label="Lifetime sales"
            value={usdt(money.lifetimeSales.sum)}
            note={`${plural(money.lifetimeSales.count, "checkout")} · ${plural(money.lifetimeSales.plans, "plan")}`}
            definition={definitions.lifetimeSales}
          />
          <Figure
            label="Deposits"
            value={usdt(money.deposits.today.sum)}
            note={[
              `Today (${count(money.deposits.today.count)}) · 7 days ${usdt(money.deposits.days7.sum)} (${count(money.deposits.days7.count)}) · 30 days ${usdt(money.deposits.days30.sum)} (${count(money.deposits.days30.count)})`,
              byMethod("USDT TRC-20", money.deposits.byMethod.usdt),
              byMethod("Card", money.deposits.byMethod.card),
            ]}
            definition={definitions.deposits}
          />
          <Figure
            label="Renewals at risk"
            value={count(money.renewalsAtRisk.subscriptions)}
            note={`${plural(money.renewalsAtRisk.members, "member")} · ${usdt(money.renewalsAtRisk.shortfall)} short`}
            definition={definitions.renewalsAtRisk}
          />
          <Figure
            label="Churn, 30 days"
            value={churnRate(money.churn30d.ended, money.churn30d.activeAtStart)}
            note={`${count(money.churn30d.ended)} ended of ${count(money.churn30d.activeAtStart)} active 30 days ago`}
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
