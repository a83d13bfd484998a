import { getTableColumns, sql } from "drizzle-orm";
import { normalizeCouponCode } from "~/lib/billing/coupons";
import type { DbOrTx } from "../db/client.ts";
import { coupons } from "../db/schema.ts";
import type { CouponRow } from "./coupon-rules.ts";

/**
 * Everything a checkout is priced and refused by, as one text (the use count aside: the counting
 * update checks the limit itself). A purchase that read the row unlocked counts its use only while
 * this text is still the one it read, so an edit by staff in between is noticed (price-with-coupon.ts).
 */
export const couponTerms = sql<string>`row(${coupons.kind}, ${coupons.percentOff}, ${coupons.amountOff}, ${coupons.planIds},
  ${coupons.periods}, ${coupons.duration}, ${coupons.durationRenewals}, ${coupons.perMemberLimit}, ${coupons.validFrom},
  ${coupons.validUntil}, ${coupons.newMembersOnly}, ${coupons.paused})::text`;

/**
 * The coupon with this code, whatever case it was typed in (the unique index is on upper(code)),
 * or null, with its `terms` (couponTerms). `lock`: the row is locked for the caller's transaction,
 * so the uses counted against its limits are counted one purchase at a time.
 */
export async function findCoupon(options: {
  db: DbOrTx;
  code: string;
  lock?: boolean;
}): Promise<(CouponRow & { terms: string }) | null> {
  const query = options.db
    .select({ ...getTableColumns(coupons), terms: couponTerms })
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${normalizeCouponCode(options.code)}`);
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}
