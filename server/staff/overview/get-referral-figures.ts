import { sql } from "drizzle-orm";
import type { ReferralFigures } from "~/lib/view-types/admin/overview";
import type { DbOrTx } from "../../db/client.ts";
import type { OverviewWindow } from "./overview-window.ts";

/**
 * Referral rewards over the last 30 days and the 30 before, from the ledger's `referral` rows:
 * the rewards credited (how many, how much) and what refunds took back of them, so `net` is what
 * the referral programme cost in the window.
 */
export async function getReferralFigures(options: {
  db: DbOrTx;
  window: OverviewWindow;
}): Promise<{ days30: ReferralFigures; previous30: ReferralFigures }> {
  const { db, window: w } = options;
  const recent = sql`created_at >= ${w.days30}::timestamptz`;
  const [row] = (
    await db.execute<{
      n30: number;
      paid30: string;
      back30: string;
      n_before: number;
      paid_before: string;
      back_before: string;
    }>(sql`
      select count(*) filter (where ${recent} and amount > 0)::int as n30,
             coalesce(sum(amount) filter (where ${recent} and amount > 0), 0)::text as paid30,
             coalesce(-sum(amount) filter (where ${recent} and amount < 0), 0)::text as back30,
             count(*) filter (where not ${recent} and amount > 0)::int as n_before,
             coalesce(sum(amount) filter (where not ${recent} and amount > 0), 0)::text as paid_before,
             coalesce(-sum(amount) filter (where not ${recent} and amount < 0), 0)::text as back_before
      from ledger_entries
      where kind = 'referral' and created_at >= ${w.days60}::timestamptz and created_at <= ${w.end}::timestamptz
    `)
  ).rows;
  return {
    days30: { count: row!.n30, paid: row!.paid30, reversed: row!.back30 },
    previous30: { count: row!.n_before, paid: row!.paid_before, reversed: row!.back_before },
  };
}
