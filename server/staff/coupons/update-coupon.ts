import { eq } from "drizzle-orm";
import type { CouponInput } from "~/lib/validation/admin/coupons";
import type { Db } from "../../db/client.ts";
import { coupons } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { auditedCoupon, codeTaken, COUPON_NOT_FOUND, offText, TERMS_FIXED } from "./coupon-audit.ts";
import { couponColumns } from "./create-coupon.ts";

/**
 * Saves a code's form, audited with what it was and what it is. Once a code has been used, what
 * it takes off and for how long are fixed (members bought, and renew, on those terms); its
 * plans, periods, limits, dates and audience may still change, and apply to the next checkout.
 */
export async function updateCoupon(options: {
  db: Db;
  couponId: number;
  input: CouponInput;
  actor: StaffActor;
  now?: Date;
}): Promise<{ couponId: number }> {
  const { db, couponId, input, actor, now = new Date() } = options;
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for("update");
      if (!before) throw new AppError("NOT_FOUND", COUPON_NOT_FOUND);
      const columns = couponColumns(input);
      const termsChanged =
        columns.code !== before.code ||
        columns.kind !== before.kind ||
        columns.percentOff !== before.percentOff ||
        columns.amountOff !== before.amountOff ||
        columns.duration !== before.duration ||
        columns.durationRenewals !== before.durationRenewals;
      if (termsChanged && before.redemptionCount > 0) throw new AppError("CONFLICT", TERMS_FIXED);
      if (columns.maxRedemptions !== null && columns.maxRedemptions < before.redemptionCount) {
        const message = `It has been used ${before.redemptionCount} times already: the limit cannot be lower.`;
        throw new AppError("CONFLICT", message, { fieldErrors: { maxRedemptions: message } });
      }
      const [after] = await tx.update(coupons).set(columns).where(eq(coupons.id, couponId)).returning();
      await recordAuditEvent({
        tx,
        actor,
        action: "coupon.updated",
        target: { type: "coupon", id: String(couponId) },
        summary: `${after!.code}: saved, ${offText(after!)}`,
        before: auditedCoupon(before),
        after: auditedCoupon(after!),
        now,
      });
      return { couponId };
    });
  } catch (error) {
    throw codeTaken(error) ?? error;
  }
}
