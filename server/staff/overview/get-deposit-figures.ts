import { sql } from "drizzle-orm";
import type { CountAndSum } from "~/lib/view-types/admin/overview";
import type { DbOrTx } from "../../db/client.ts";
import type { OverviewWindow } from "./overview-window.ts";

/** Deposits credited (ledger rows of kind 'deposit'): today (UTC), last 7 and 30 days; via ledger_kind_created_idx. */
export async function getDepositFigures(options: { db: DbOrTx; window: OverviewWindow }) {
  const { db, window: w } = options;
  const [row] = (
    await db.execute<Record<"today" | "days7" | "days30", string> & Record<"n_today" | "n7" | "n30", number>>(sql`
      select coalesce(sum(amount) filter (where created_at >= ${w.todayStart}::timestamptz), 0)::text as today,
             count(*) filter (where created_at >= ${w.todayStart}::timestamptz)::int as n_today,
             coalesce(sum(amount) filter (where created_at >= ${w.days7}::timestamptz), 0)::text as days7,
             count(*) filter (where created_at >= ${w.days7}::timestamptz)::int as n7,
             coalesce(sum(amount), 0)::text as days30,
             count(*)::int as n30
      from ledger_entries
      where kind = 'deposit' and created_at >= ${w.days30}::timestamptz and created_at <= ${w.now}::timestamptz
    `)
  ).rows;
  const pair = (count: number, sum: string): CountAndSum => ({ count, sum });
  return {
    today: pair(row!.n_today, row!.today),
    days7: pair(row!.n7, row!.days7),
    days30: pair(row!.n30, row!.days30),
  };
}
