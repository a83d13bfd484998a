import { sql } from "drizzle-orm";
import { normalizeCouponCode } from "~/lib/billing/coupons";
import type { DbOrTx } from "../db/client.ts";
import { coupons } from "../db/schema.ts";
import type { CouponRow } from "./coupon-rules.ts";

/**
 * The coupon with this code, whatever case it was typed in (the unique index is on upper(code)),
 * or null. `lock`: the row is locked for the caller's transaction, so the uses counted against
 * its limits are counted one purchase at a time.
 */
export async function findCoupon(options: { db: DbOrTx; code: string; lock?: boolean }): Promise<CouponRow | null> {
  const query = options.db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${normalizeCouponCode(options.code)}`);
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}
