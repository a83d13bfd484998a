import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";

/**
 * Lifetime sales, all time: the checkouts that bought lifetime plans, the plans they bought,
 * and the money they took.
 * The ledger row is the exact money (a purchase's `purchase` debit), but it does not say the
 * period; the subscriptions do. A checkout writes, in one transaction, its subscriptions
 * (start_date = the checkout's time), one paid billing_history row (issue_date = the same time)
 * and one ledger debit with reference 'purchase:<billing row id>', and a cart has one period.
 * So: the lifetime, non-complimentary subscriptions → their checkout's billing row (same member,
 * issue_date = start_date) → its ledger debit; the sum is of those debits (no float, no parsing
 * of descriptions). Grants are complimentary and have no debit, so they never count.
 * Refunds are ledger rows of their own and are not netted here. `since` also counts the checkouts
 * from that moment on: how much the all-time figure grew lately.
 * Reads subscriptions_lifetime_sold_idx and billing_paid_user_issue_idx alone, merged in
 * (member, instant) order, then the ledger's unique reference per checkout.
 */
export async function getLifetimeSales(options: { db: DbOrTx; since: string }) {
  const [row] = (
    await options.db.execute<{
      purchases: number;
      plans: number;
      total: string;
      recent: number;
      recent_total: string;
    }>(sql`
      select count(*)::int as purchases, coalesce(sum(sold.plans), 0)::int as plans,
             coalesce(sum(-l.amount), 0)::text as total,
             count(*) filter (where sold.at >= ${options.since}::timestamptz)::int as recent,
             coalesce(sum(-l.amount) filter (where sold.at >= ${options.since}::timestamptz), 0)::text as recent_total
      from (
        select b.id, b.issue_date as at, count(*) as plans
        from subscriptions s
        join billing_history b on b.user_id = s.user_id and b.issue_date = s.start_date and b.status = 'paid'
        where s.billing_period = 'lifetime' and not s.complimentary
        group by b.id, b.issue_date
      ) sold
      join ledger_entries l on l.reference = 'purchase:' || sold.id::text and l.kind = 'purchase'
    `)
  ).rows;
  return {
    count: row!.purchases,
    plans: row!.plans,
    sum: row!.total,
    since: { count: row!.recent, sum: row!.recent_total },
  };
}
