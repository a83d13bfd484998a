import { desc, eq, sql } from "drizzle-orm";
import type { AdminCoupon, CouponState } from "~/lib/view-types/admin/coupons";
import { couponPurchaseUses } from "../../coupons/coupon-purchase-uses.ts";
import type { DbOrTx } from "../../db/client.ts";
import { coupons } from "../../db/schema.ts";
import { couponTerms } from "./coupon-audit.ts";

type Row = typeof coupons.$inferSelect & { uses: number; allUses: number; revenue: string; discount: string };

function stateOf(row: Row, now: Date): CouponState {
  if (row.paused) return "paused";
  if (row.validUntil && row.validUntil <= now) return "expired";
  if (row.validFrom && row.validFrom > now) return "scheduled";
  if (row.maxRedemptions !== null && row.uses >= row.maxRedemptions) return "used-up";
  return "active";
}

function toAdminCoupon(row: Row, now: Date): AdminCoupon {
  return {
    id: row.id,
    ...couponTerms(row),
    state: stateOf(row, now),
    redemptions: row.uses,
    allUses: row.allUses,
    revenue: row.revenue,
    discount: row.discount,
  };
}

/**
 * Every code, newest first (or the one asked for), with its uses (its purchases' billing rows: the
 * code keeps a count of its own only while it has a limit) and what it brought in after its
 * discount: the sums of its uses, purchases and renewals alike, read from their billing rows.
 */
export async function listCoupons(options: { db: DbOrTx; couponId?: number; now?: Date }): Promise<AdminCoupon[]> {
  const { db, couponId, now = new Date() } = options;
  const only = couponId === undefined ? undefined : eq(coupons.id, couponId);
  const [rows, sums] = await Promise.all([
    db.select().from(coupons).where(only).orderBy(desc(coupons.createdAt), desc(coupons.id)),
    // Each code's uses from billing_coupon_use_idx: a code with none reads nothing.
    db.execute<{ id: number; uses: number; all_uses: number; revenue: string; discount: string }>(sql`
      select c.id, ${couponPurchaseUses({ couponId: sql`c.id` })} as uses, sums.all_uses, sums.revenue, sums.discount
      from coupons c
      cross join lateral (select count(*)::int as all_uses, coalesce(sum(used.total_amount), 0)::text as revenue,
                                 coalesce(sum(used.discount_amount), 0)::text as discount
                            from billing_history used where used.coupon_id = c.id) sums
      ${couponId === undefined ? sql`` : sql`where c.id = ${couponId}`}`),
  ]);
  const byId = new Map(sums.rows.map((row) => [Number(row.id), row]));
  return rows.map((row) =>
    toAdminCoupon(
      {
        ...row,
        uses: Number(byId.get(row.id)?.uses ?? 0),
        allUses: Number(byId.get(row.id)?.all_uses ?? 0),
        revenue: byId.get(row.id)?.revenue ?? "0",
        discount: byId.get(row.id)?.discount ?? "0",
      },
      now,
    ),
  );
}
