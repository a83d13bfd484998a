import { sql, type SQL } from "drizzle-orm";

/**
 * A code's purchase uses, as a count subquery: its paid billing rows marked as a purchase use (a
 * renewal the code discounted is a use listed, not counted). `userId`: only that member's (the
 * per-member limit). The one reading of "the uses a code has had" that its limits, its page, the
 * save of its form and the member's checkout share. `couponId` and `userId`: columns or parameters.
 * `atMost`: counting stops there (whether a limit is reached needs no more).
 */
export function couponPurchaseUses(options: { couponId: SQL; userId?: SQL | string; atMost?: SQL }): SQL<number> {
  const rows = sql`from ${usedRows(options.userId)} where used.coupon_id = ${options.couponId} and used.coupon_use = 'purchase'`;
  if (options.atMost)
    return sql<number>`(select count(*)::int from (select 1 ${rows} limit ${options.atMost}) bounded)`;
  return sql<number>`(select count(*)::int ${rows})`;
}

/**
 * The bills a count reads, as `used`: the code's (billing_coupon_use_idx), or one member's own. A
 * member's are read first and the code looked for among them (`offset 0` keeps the code's condition
 * out of the scan): left to choose, the planner ANDs both indexes, and the code's side then reads
 * every use the code ever had, so each checkout of a popular code cost more than the one before.
 * Only their paid bills: a counted use is one (billing_coupon_use_paid), and their paid bills'
 * index is the one the purchase's statement reads anyway (each other index a transaction touches
 * costs it a lock, and past sixteen relations those go to the server's shared lock table).
 */
function usedRows(userId: SQL | string | undefined): SQL {
  if (userId === undefined) return sql`billing_history used`;
  return sql`(select mine.coupon_id, mine.coupon_use from billing_history mine
                where mine.user_id = ${userId} and mine.status = 'paid' offset 0) used`;
}
