import { sql } from "drizzle-orm";
import type { CountAndSum, MoneyInFigures } from "~/lib/view-types/admin/overview";
import type { DbOrTx } from "../../db/client.ts";
import type { OverviewWindow } from "./overview-window.ts";

type Row = {
  kind: "deposit" | "card";
  today: string;
  n_today: number;
  days7: string;
  n7: number;
  days30: string;
  n30: number;
};

/**
 * Money members paid in, today (UTC), last 7 and 30 days, by method and in all: USDT TRC-20
 * deposits the watcher credited (ledger kind `deposit`) and card payments credited through
 * Stripe (kind `card`, its credits only: a card refund is a negative `card` row and, like every
 * refund on the overview, is not netted). Operator credits are not money paid in. One range read
 * per kind through ledger_kind_created_idx (kind, created_at), grouped by kind.
 */
export async function getDepositFigures(options: { db: DbOrTx; window: OverviewWindow }): Promise<MoneyInFigures> {
  const { db, window: w } = options;
  const { rows } = await db.execute<Row>(sql`
    select kind::text as kind,
           coalesce(sum(amount) filter (where created_at >= ${w.todayStart}::timestamptz), 0)::text as today,
           count(*) filter (where created_at >= ${w.todayStart}::timestamptz)::int as n_today,
           coalesce(sum(amount) filter (where created_at >= ${w.days7}::timestamptz), 0)::text as days7,
           count(*) filter (where created_at >= ${w.days7}::timestamptz)::int as n7,
           coalesce(sum(amount), 0)::text as days30,
           count(*)::int as n30
    from ledger_entries
    where kind in ('deposit', 'card') and amount > 0
      and created_at >= ${w.days30}::timestamptz and created_at <= ${w.now}::timestamptz
    group by kind
  `);
  const pair = (count: number, sum: string): CountAndSum => ({ count, sum });
  const of = (kind: Row["kind"]) => {
    const row = rows.find((r) => r.kind === kind);
    return {
      today: pair(row?.n_today ?? 0, row?.today ?? "0"),
      days7: pair(row?.n7 ?? 0, row?.days7 ?? "0"),
      days30: pair(row?.n30 ?? 0, row?.days30 ?? "0"),
    };
  };
  const usdt = of("deposit");
  const card = of("card");
  const both = (a: CountAndSum, b: CountAndSum) => pair(a.count + b.count, (BigInt(a.sum) + BigInt(b.sum)).toString());
  return {
    today: both(usdt.today, card.today),
    days7: both(usdt.days7, card.days7),
    days30: both(usdt.days30, card.days30),
    byMethod: { usdt, card },
  };
}
