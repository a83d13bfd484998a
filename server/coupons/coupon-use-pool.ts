import type { Db } from "../db/client.ts";
import { leaseCouponUses } from "./lease-coupon-uses.ts";

/** One use of a limited code handed out to a purchase, valid while the code's `use_generation` is this. */
export type LeasedUse = { couponId: number; generation: number };

/**
 * The uses of limited codes this process took from their slots in blocks (lease-coupon-uses.ts)
 * and hands out to its purchases from memory, so a purchase need not update a row every other
 * purchase with the code updates too: it only checks that the block's generation is still the
 * code's as it read it (purchase-in-transaction.ts). A block's uses are counted on
 * the code's slots when it is taken: one left unused in memory is counted as spent, never as free,
 * so the limit holds; one that a purchase rolled back with comes back here. A new generation (the
 * slots spread again) voids what is kept of an older one.
 *
 * A class so that a test can run two as two processes would; the app uses `couponUsePool`.
 */
export class CouponUsePool {
  private readonly kept = new Map<number, { generation: number; left: number }>();

  /** A use of the code from memory, or null when this process holds none: `refill` first. */
  take(couponId: number): LeasedUse | null {
    const entry = this.kept.get(couponId);
    if (!entry || entry.left === 0) return null;
    entry.left -= 1;
    return { couponId, generation: entry.generation };
  }

  /** A use whose purchase rolled back: free again, unless its generation was voided since. */
  giveBack(use: LeasedUse): void {
    const entry = this.kept.get(use.couponId);
    // Dropped or replaced meanwhile: the use is left unused, as if spent (the limit still holds).
    if (entry && entry.generation === use.generation) entry.left += 1;
  }

  /** Drops what is kept of the code: its generation was found void (a purchase's check failed). */
  drop(couponId: number): void {
    this.kept.delete(couponId);
  }

  /**
   * Takes a block of the code's uses in a transaction of its own (lease-coupon-uses.ts) and keeps
   * it. False when none could be had: the code has no limit now, or its actual uses reached it.
   */
  async refill({ db, couponId }: { db: Db; couponId: number }): Promise<boolean> {
    const block = await leaseCouponUses({ db, couponId });
    if (!block) return false;
    const entry = this.kept.get(couponId);
    if (entry && entry.generation === block.generation) entry.left += block.uses;
    else this.kept.set(couponId, { generation: block.generation, left: block.uses });
    return true;
  }

  /** Uses kept of the code in memory (for tests and the bench's invariant). */
  held(couponId: number): number {
    return this.kept.get(couponId)?.left ?? 0;
  }
}

/** This process's pool. */
export const couponUsePool = new CouponUsePool();

/** A limited code's purchase found no use in its process's pool: refill it (outside the transaction) and run again. */
export class NeedUses extends Error {
  constructor(readonly couponId: number) {
    super("purchase: no use of the code kept in memory");
    this.name = "NeedUses";
  }
}
