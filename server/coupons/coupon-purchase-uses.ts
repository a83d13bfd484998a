import { sql, type SQL } from "drizzle-orm";

/**
 * A code's purchase uses, as a count subquery: its paid billing rows marked as a purchase use (a
 * renewal the code discounted is a use listed, not counted). `userId`: only that member's (the
 * per-member limit). The one reading of "the uses a code has had" that its limits, its page, the
 * save of its form and the member's checkout share. `couponId` and `userId`: columns or parameters.
 * A member's uses are found from their own billing rows (billing_user_issue_idx), the code's from
 * billing_coupon_use_idx.
 */
export function couponPurchaseUses(options: { couponId: SQL; userId?: SQL | string; atMost?: SQL }): SQL<number> {
  const member = options.userId === undefined ? sql`` : sql` and used.user_id = ${options.userId}`;
  const rows = sql`from billing_history used where used.coupon_id = ${options.couponId} and used.coupon_use = 'purchase'${member}`;
  // `atMost`: counting stops there (whether a limit is reached needs no more).
  if (options.atMost)
    return sql<number>`(select count(*)::int from (select 1 ${rows} limit ${options.atMost}) bounded)`;
  return sql<number>`(select count(*)::int ${rows})`;
}
