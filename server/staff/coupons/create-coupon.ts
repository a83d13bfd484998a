import { validFromInstant, validUntilInstant, type CouponInput } from "~/lib/validation/admin/coupons";
import { spreadCouponUses } from "../../coupons/spread-coupon-uses.ts";
import type { Db } from "../../db/client.ts";
import { coupons } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { auditedCoupon, codeTaken, offText } from "./coupon-audit.ts";
import { refuseUnknownPlans } from "./refuse-unknown-plans.ts";

/** The columns a coupon form writes. */
export function couponColumns(input: CouponInput) {
  return {
    code: input.code,
    kind: input.kind,
    percentOff: input.percentOff,
    amountOff: input.amountOff,
    // An empty choice means every plan (every period): stored as null, so a plan added later counts too.
    planIds: input.planIds.length > 0 ? input.planIds : null,
    periods: input.periods.length > 0 ? input.periods : null,
    duration: input.duration,
    durationRenewals: input.durationRenewals,
    maxRedemptions: input.maxRedemptions,
    perMemberLimit: input.perMemberLimit,
    validFrom: validFromInstant(input.validFrom),
    validUntil: validUntilInstant(input.validUntil),
    newMembersOnly: input.newMembersOnly,
    note: input.note,
  };
}

/** Makes a coupon code (active at once, within its dates), audited in the same transaction. */
export async function createCoupon(options: {
  db: Db;
  input: CouponInput;
  actor: StaffActor;
  now?: Date;
}): Promise<{ couponId: number }> {
  const { db, input, actor, now = new Date() } = options;
  try {
    return await db.transaction(async (tx) => {
      await refuseUnknownPlans({ tx, planIds: input.planIds });
      const [row] = await tx.insert(coupons).values(couponColumns(input)).returning();
      // A limit's purchases are counted on a few rows of their own (spread-coupon-uses.ts).
      await spreadCouponUses({ tx, couponId: row!.id });
      await recordAuditEvent({
        tx,
        actor,
        action: "coupon.created",
        target: { type: "coupon", id: String(row!.id) },
        summary: `${row!.code}: created, ${offText(row!)}`,
        after: auditedCoupon(row!),
        now,
      });
      return { couponId: row!.id };
    });
  } catch (error) {
    throw codeTaken(error) ?? error;
  }
}
