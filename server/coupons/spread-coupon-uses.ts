import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";

/** How many rows a limited code's remaining purchases are split across: about the purchases a server runs at once. */
export const COUPON_USE_SLOTS = 8;

/**
 * Splits what a code's limit leaves (its limit less its `redemption_count`) across its slots
 * (coupon_use_slots), replacing the ones it had: up to COUPON_USE_SLOTS rows, their quotas adding
 * up to what is left. A code without a limit, or used up, has none. The caller closed the code's
 * gate and holds its row locked (its form's save), which waited for every purchase in flight with
 * the code and keeps new ones out until its commit (coupon-gate.ts), and has just set
 * `redemption_count` to the code's uses: no use is lost or counted twice across the spread.
 * Blocks of uses processes took from the old slots and still keep (coupon-use-pool.ts) are void:
 * the code's `use_generation` is raised, and a purchase holding one of them runs again.
 * Answers the new `use_generation` (the caller holds the lock, so it stays so until its commit).
 */
export async function spreadCouponUses({ tx, couponId }: { tx: DbOrTx; couponId: number }): Promise<number> {
  const raised = await tx.execute<{ generation: number }>(
    sql`update coupons set use_generation = use_generation + 1 where id = ${couponId} returning use_generation as generation`,
  );
  await tx.execute(sql`delete from coupon_use_slots where coupon_id = ${couponId}`);
  await tx.execute(sql`
    insert into coupon_use_slots (coupon_id, slot, quota)
    select c.id, s.slot, left_over.uses / n.slots + case when s.slot < left_over.uses % n.slots then 1 else 0 end
      from coupons c
     cross join lateral (select c.max_redemptions - c.redemption_count as uses) left_over
     cross join lateral (select least(${COUPON_USE_SLOTS}::int, left_over.uses) as slots) n
     cross join lateral generate_series(0, n.slots - 1) as s(slot)
     where c.id = ${couponId} and c.max_redemptions is not null and left_over.uses > 0`);
  return Number(raised.rows[0]!.generation);
}
