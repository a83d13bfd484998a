import { desc, eq, sql } from "drizzle-orm";
import type { AdminCoupon, CouponState } from "~/lib/view-types/admin/coupons";
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
 * Every code, newest first (or the one asked for), with its uses (its purchase rows: the code keeps
 * a count of its own only while it has a limit) and what it brought in after its discount: the sums
 * of its uses, purchases and renewals alike, read from the rows that record them.
 */
export async function listCoupons(options: { db: DbOrTx; couponId?: number; now?: Date }): Promise<AdminCoupon[]> {
  const { db, couponId, now = new Date() } = options;
  const only = couponId === undefined ? undefined : eq(coupons.id, couponId);
  const [rows, sums] = await Promise.all([
    db.select().from(coupons).where(only).orderBy(desc(coupons.createdAt), desc(coupons.id)),
    db.execute<{ id: number; uses: number; all_uses: number; revenue: string; discount: string }>(sql`
      select coupon_id as id, (count(*) filter (where kind = 'purchase'))::int as uses, count(*)::int as all_uses,
             sum(charged_amount)::text as revenue, sum(discount_amount)::text as discount
      from coupon_redemptions
      ${couponId === undefined ? sql`` : sql`where coupon_id = ${couponId}`}
      group by coupon_id`),
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
