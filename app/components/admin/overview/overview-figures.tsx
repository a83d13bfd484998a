import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatUsdt } from "~/lib/money";
import type { AdminOverview } from "~/lib/view-types/admin/overview";

/** The figures to check first, in groups: members for everyone, money and content by what the role may see. */
export function OverviewFigures({ overview }: { overview: AdminOverview }) {
  return (
    <>
      <section aria-labelledby="members-heading" className="grid gap-3">
        <h2 id="members-heading" className="text-sm font-medium text-muted-foreground">
          Members
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Figure label="Members" value={overview.members.toLocaleString("en-US")} />
          <Figure label="Active subscriptions" value={overview.activeSubscriptions.toLocaleString("en-US")} />
        </div>
      </section>
      {overview.money ? (
        <section aria-labelledby="money-heading" className="grid gap-3">
          <h2 id="money-heading" className="text-sm font-medium text-muted-foreground">
            Money
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Figure label="Member balances" value={formatUsdt(BigInt(overview.money.balances), { suffix: true })} />
            <Figure
              label="Deposits, last 30 days"
              value={formatUsdt(BigInt(overview.money.deposits30d), { suffix: true })}
              note={`${overview.money.depositCount30d} deposits`}
            />
            <Figure label="Ledger alerts, last 30 days" value={String(overview.money.alerts30d)} />
          </div>
        </section>
      ) : null}
      {overview.content ? (
        <section aria-labelledby="content-heading" className="grid gap-3">
          <h2 id="content-heading" className="text-sm font-medium text-muted-foreground">
            Content
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Figure label="Published posts" value={String(overview.content.publishedPosts)} />
            <Figure label="Draft posts" value={String(overview.content.draftPosts)} />
            <Figure label="Published plans" value={String(overview.content.publishedPlans)} />
          </div>
        </section>
      ) : null}
    </>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card role="group" aria-label={label} className="gap-2">
      <CardHeader>
        <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-semibold tabular-nums">{value}</p>
        {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      </CardContent>
    </Card>
  );
}
