import { sql } from "drizzle-orm";
import type { CountAndSum, MoneyInFigures } from "~/lib/view-types/admin/overview";
import type { DbOrTx } from "../../db/client.ts";
import type { OverviewWindow } from "./overview-window.ts";

type Row = {
  kind: "deposit" | "card" | "adjustment";
  today: string;
  n_today: number;
  days7: string;
  n7: number;
  days30: string;
  n30: number;
  previous30: string;
  n_previous30: number;
};

/**
 * Money members paid in, today (UTC), last 7 and 30 days and the 30 days before those, by method
 * and in all: USDT TRC-20 deposits the watcher credited (ledger kind `deposit`) and card payments
 * credited through Stripe (kind `card`, its credits only: a card refund is a negative `card` row
 * and, like every refund on the overview, is not netted).
 * Staff credits (positive `adjustment` rows: the member page's credit, the ops command's) are
 * counted beside them and never in them: a member's balance grew, but nobody paid.
 * One range read per kind through ledger_kind_created_idx (kind, created_at), grouped by kind.
 */
export async function getDepositFigures(options: {
  db: DbOrTx;
  window: OverviewWindow;
}): Promise<{ moneyIn: MoneyInFigures; staffCredits: { days30: CountAndSum; previous30: CountAndSum } }> {
  const { db, window: w } = options;
  const recent = sql`created_at >= ${w.days30}::timestamptz`;
  const { rows } = await db.execute<Row>(sql`
    select kind::text as kind,
           coalesce(sum(amount) filter (where created_at >= ${w.todayStart}::timestamptz), 0)::text as today,
           count(*) filter (where created_at >= ${w.todayStart}::timestamptz)::int as n_today,
           coalesce(sum(amount) filter (where created_at >= ${w.days7}::timestamptz), 0)::text as days7,
           count(*) filter (where created_at >= ${w.days7}::timestamptz)::int as n7,
           coalesce(sum(amount) filter (where ${recent}), 0)::text as days30,
           count(*) filter (where ${recent})::int as n30,
           coalesce(sum(amount) filter (where not ${recent}), 0)::text as previous30,
           count(*) filter (where not ${recent})::int as n_previous30
    from ledger_entries
    where kind in ('deposit', 'card', 'adjustment') and amount > 0
      and created_at >= ${w.days60}::timestamptz and created_at <= ${w.end}::timestamptz
    group by kind
  `);
  const pair = (count: number, sum: string): CountAndSum => ({ count, sum });
  const of = (kind: Row["kind"]) => {
    const row = rows.find((r) => r.kind === kind);
    return {
      today: pair(row?.n_today ?? 0, row?.today ?? "0"),
      days7: pair(row?.n7 ?? 0, row?.days7 ?? "0"),
      days30: pair(row?.n30 ?? 0, row?.days30 ?? "0"),
      previous30: pair(row?.n_previous30 ?? 0, row?.previous30 ?? "0"),
    };
  };
  const { previous30: usdtBefore, ...usdt } = of("deposit");
  const { previous30: cardBefore, ...card } = of("card");
  const credits = of("adjustment");
  const both = (a: CountAndSum, b: CountAndSum) => pair(a.count + b.count, (BigInt(a.sum) + BigInt(b.sum)).toString());
  return {
    moneyIn: {
      today: both(usdt.today, card.today),
      days7: both(usdt.days7, card.days7),
      days30: both(usdt.days30, card.days30),
      previous30: both(usdtBefore, cardBefore),
      byMethod: { usdt, card },
    },
    staffCredits: { days30: credits.days30, previous30: credits.previous30 },
  };
}
