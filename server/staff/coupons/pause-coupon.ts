import { eq } from "drizzle-orm";
import { forgetCoupon } from "../../coupons/coupon-cache.ts";
import { closeCouponGate } from "../../coupons/coupon-gate.ts";
import type { Db } from "../../db/client.ts";
import { coupons } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { COUPON_NOT_FOUND } from "./coupon-audit.ts";

/**
 * Pauses a code (no new checkout may use it; renewals already granted keep their discount, and an
 * order already priced with it keeps its held price) or resumes it. Audited; the same state again
 * changes nothing and writes no audit row.
 */
export async function pauseCoupon(options: {
  db: Db;
  couponId: number;
  paused: boolean;
  actor: StaffActor;
  now?: Date;
}): Promise<{ couponId: number; paused: boolean }> {
  const { db, couponId, paused, actor, now = new Date() } = options;
  const changed = await db.transaction(async (tx) => {
    // A purchase in flight with the code completes first (it was checked before the pause); the
    // next ones see the code paused (coupon-gate.ts).
    await closeCouponGate({ tx, couponId });
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for("update");
    if (!row) throw new AppError("NOT_FOUND", COUPON_NOT_FOUND);
    if (row.paused === paused) return null;
    await tx.update(coupons).set({ paused }).where(eq(coupons.id, couponId));
    await recordAuditEvent({
      tx,
      actor,
      action: paused ? "coupon.paused" : "coupon.resumed",
      target: { type: "coupon", id: String(couponId) },
      summary: `${row.code}: ${paused ? "paused" : "resumed"}`,
      before: { paused: row.paused },
      after: { paused },
      now,
    });
    return row.code;
  });
  // This process's purchases read the code afresh from now (another's notice it at their count).
  if (changed !== null) forgetCoupon(changed);
  return { couponId, paused };
}
