import { sql } from "drizzle-orm";
import type { KeptCart } from "~/lib/cart";
import { isBillingPeriod } from "~/lib/pricing";
import type { DbOrTx } from "../db/client.ts";

/**
 * The cart kept with the member's account, or null when they never had one. A plan the member
 * already has active is never in it, however it got there (a purchase removes what it bought; a
 * plan granted by staff, or bought in another tab while this cart was being written, is left out
 * here), so a kept cart only ever offers what can still be bought: a plan held stays only at a
 * longer period than held (a switch, credited), unless it was granted free (never replaced). The
 * enum's order is monthly < quarterly < lifetime, so `>=` is "the same period or a longer one".
 * With it, the code it was ordered with at sign-up (null without one).
 */
export async function getMemberCart(options: { db: DbOrTx; userId: string }): Promise<KeptCart | null> {
  const { db, userId } = options;
  // An int4[]: node-postgres and PGlite both hand it over parsed, as numbers.
  const result = await db.execute<{ plan_ids: number[]; billing_period: string; coupon_code: string | null }>(sql`
    select array(
             select kept.plan_id from unnest(c.plan_ids) with ordinality as kept(plan_id, position)
              where not exists (select 1 from subscriptions s
                                 where s.user_id = c.user_id and s.plan_id = kept.plan_id and s.status = 'active'
                                   and (s.complimentary or s.billing_period >= c.billing_period))
              order by kept.position
           ) as plan_ids,
           c.billing_period, c.coupon_code
      from member_carts c where c.user_id = ${userId}`);
  const row = result.rows[0];
  if (!row || !isBillingPeriod(row.billing_period)) return null;
  return { planIds: row.plan_ids, billingPeriod: row.billing_period, couponCode: row.coupon_code };
}
