import { eq } from "drizzle-orm";
import type { CouponInput } from "~/lib/validation/admin/coupons";
import { forgetCoupon } from "../../coupons/coupon-cache.ts";
import { closeCouponGate } from "../../coupons/coupon-gate.ts";
import { respreadCouponUses } from "../../coupons/respread-coupon-uses.ts";
import type { Db } from "../../db/client.ts";
import { coupons } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { auditedCoupon, codeTaken, COUPON_NOT_FOUND, offText, TERMS_FIXED } from "./coupon-audit.ts";
import { couponColumns } from "./create-coupon.ts";
import { refuseUnknownPlans } from "./refuse-unknown-plans.ts";

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
    const saved = await db.transaction(async (tx) => {
      // Checked before the gate closes, so purchases with the code do not wait for this read too.
      await refuseUnknownPlans({ tx, planIds: input.planIds });
      // The gate waits for every purchase with the code still in flight (coupon-gate.ts): the uses
      // counted next, in a statement of their own, include theirs.
      await closeCouponGate({ tx, couponId });
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
      // A code's purchases do not touch its row (a limited code's count its slots): the count its
      // limit is checked against starts from its uses whenever the form is saved, and what the
      // limit leaves is split across the code's slots again.
      const written = await respreadCouponUses({
        tx,
        couponId,
        save: (uses) => {
          if (termsChanged && uses > 0) throw new AppError("CONFLICT", TERMS_FIXED);
          if (columns.maxRedemptions !== null && columns.maxRedemptions < uses) {
            const message = `It has been used ${uses} times already: the limit cannot be lower.`;
            throw new AppError("CONFLICT", message, { fieldErrors: { maxRedemptions: message } });
          }
          return columns;
        },
      });
      const after = written!.coupon;
      await recordAuditEvent({
        tx,
        actor,
        action: "coupon.updated",
        target: { type: "coupon", id: String(couponId) },
        summary: `${after.code}: saved, ${offText(after)}`,
        before: auditedCoupon(before),
        after: auditedCoupon(after),
        now,
      });
      return before.code;
    });
    // This process's purchases read the code afresh from now (another's notice it at their count).
    forgetCoupon(saved);
    return { couponId };
  } catch (error) {
    throw codeTaken(error) ?? error;
  }
}
