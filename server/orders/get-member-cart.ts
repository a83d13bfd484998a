import { sql } from "drizzle-orm";
import type { Cart } from "~/lib/cart";
import { isBillingPeriod } from "~/lib/pricing";
import type { DbOrTx } from "../db/client.ts";

/**
 * The cart kept with the member's account, or null when they never had one. A plan the member
 * already has active is never in it, however it got there (a purchase removes what it bought; a
 * plan granted by staff, or bought in another tab while this cart was being written, is left out
 * here), so a kept cart only ever offers what can still be bought.
 */
export async function getMemberCart(options: { db: DbOrTx; userId: string }): Promise<Cart | null> {
  const { db, userId } = options;
  const result = await db.execute<{ plan_ids: number[] | string; billing_period: string }>(sql`
    select array(
             select kept.plan_id from unnest(c.plan_ids) with ordinality as kept(plan_id, position)
              where not exists (select 1 from subscriptions s
                                 where s.user_id = c.user_id and s.plan_id = kept.plan_id and s.status = 'active')
              order by kept.position
           ) as plan_ids,
           c.billing_period
      from member_carts c where c.user_id = ${userId}`);
  const row = result.rows[0];
  if (!row || !isBillingPeriod(row.billing_period)) return null;
  return { planIds: planIdsOf(row.plan_ids), billingPeriod: row.billing_period };
}

/** An integer array as the driver hands it: an array (node-postgres, PGlite) or its text form "{1,2}". */
function planIdsOf(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.replace(/^\{|\}$/g, "");
  return inner ? inner.split(",").map(Number) : [];
}
