import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { closeCouponGate } from "./coupon-gate.ts";
import { respreadCouponUses } from "./respread-coupon-uses.ts";

/**
 * The most uses one block takes from a slot: what one process may leave unused when it stops (they
 * come back when the slots run dry and the actual uses are counted). Far from the limit a refill
 * every few hundred purchases costs a popular code next to nothing; near it, blocks shrink to one.
 */
export const COUPON_USE_BLOCK = 256;

/**
 * Takes a block of a limited code's uses for this process (coupon-use-pool.ts), in transactions of
 * its own, committed at once: the uses are counted on a slot with room (as spent), under a share
 * lock of the code's row, so the generation read with them is the one they were spread under. A
 * block is an eighth of what its slot has left, at most COUPON_USE_BLOCK and at least one: near the
 * limit each process takes one use at a time, so few sit unused in another's memory.
 *
 * When no slot has room the code is not used up yet: the uses may sit unused in some process. Then
 * the gate is closed (which waits for every purchase in flight with a code: coupon-gate.ts) and
 * its row locked for update, its actual
 * uses counted (coupon-purchase-uses.ts), and if they are below the limit its count is set to them
 * and its slots spread again (a new generation, voiding every block handed out before: their
 * purchases run again) before a block is taken. Null when the code has no limit now or its actual
 * uses reached it; the purchase then decides under the code's lock (price-with-coupon.ts).
 */
export async function leaseCouponUses({
  db,
  couponId,
}: {
  db: Db;
  couponId: number;
}): Promise<{ generation: number; uses: number } | null> {
  const quick = await db.transaction(async (tx) => {
    const generation = await lockedGeneration(tx, couponId, "share");
    if (generation === null) return "none" as const;
    const uses = await takeBlock(tx, couponId, true);
    return uses > 0 ? { generation, uses } : null;
  });
  if (quick === "none") return null;
  if (quick) return quick;
  return db.transaction(async (tx) => {
    // Every purchase in flight with a code (each holding its plans' rows for share) commits first,
    // so the recount below includes their uses; new ones wait for this commit.
    await closeCouponGate({ tx, couponId });
    // Read once: under this lock only the spread below changes it, and answers the new one.
    const generation = await lockedGeneration(tx, couponId, "update");
    if (generation === null) return null;
    // Another process may have spread them again while this one waited for the lock.
    const spare = await takeBlock(tx, couponId, false);
    if (spare > 0) return { generation, uses: spare };
    const spread = await respreadCouponUses({ tx, couponId });
    if (!spread) return null;
    const uses = await takeBlock(tx, couponId, false);
    return uses > 0 ? { generation: spread.generation, uses } : null;
  });
}

/** The code's use_generation with its row locked, or null when it has no limit (or no row). */
async function lockedGeneration(tx: Tx, couponId: number, mode: "share" | "update"): Promise<number | null> {
  const lock = mode === "share" ? sql`for share` : sql`for update`;
  const rows = await tx.execute<{ generation: number }>(sql`
    select use_generation as generation from coupons where id = ${couponId} and max_redemptions is not null ${lock}`);
  return rows.rows.length === 0 ? null : Number(rows.rows[0]!.generation);
}

/**
 * Counts a block of uses on one slot with room (any, so processes refilling at once take different
 * ones; `skipLocked`: passing one another holds), and answers its size: 0 when none had room.
 */
async function takeBlock(tx: Tx, couponId: number, skipLocked: boolean): Promise<number> {
  const lock = skipLocked ? sql`for update skip locked` : sql`for update`;
  const taken = await tx.execute<{ uses: number }>(sql`
    update coupon_use_slots slot set uses = slot.uses + pick.uses
      from (select free.slot, greatest(1, least(${COUPON_USE_BLOCK}::int, (free.quota - free.uses) / 8)) as uses
              from coupon_use_slots free
             where free.coupon_id = ${couponId} and free.uses < free.quota
             order by random() limit 1 ${lock}) pick
     where slot.coupon_id = ${couponId} and slot.slot = pick.slot
    returning pick.uses`);
  return taken.rows.length === 0 ? 0 : Number(taken.rows[0]!.uses);
}
