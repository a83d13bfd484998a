import { describe, expect, it } from "vitest";
import { couponMessages } from "~/lib/billing/coupons";
import { codeRefusal } from "./code-refusal.ts";
import type { CouponRow } from "./coupon-rules.ts";

const now = new Date("2026-11-29T12:00:00Z");
const row: CouponRow = {
  id: 1,
  code: "SAVE10",
  kind: "percent",
  percentOff: 10,
  amountOff: null,
  planIds: [7],
  periods: null,
  duration: "once",
  durationRenewals: null,
  maxRedemptions: 5,
  perMemberLimit: 1,
  validFrom: null,
  validUntil: null,
  newMembersOnly: true,
  paused: false,
  redemptionCount: 0,
  note: "",
  createdAt: now,
  updatedAt: now,
};
const cart = { planIds: [7], period: "monthly" as const, now };
const fresh = { uses: 0, hadPlan: false };

describe("codeRefusal: every check of a code, the cart's, the purchase's and the pricing's", () => {
  it("refuses a code that does not exist", () => {
    expect(codeRefusal(null, cart)).toBe(couponMessages.unknown);
  });

  it("refuses by the code's rules before the member's", () => {
    expect(codeRefusal({ ...row, paused: true, member: { uses: 1, hadPlan: true } }, cart)).toBe(couponMessages.paused);
    expect(codeRefusal({ ...row, member: fresh }, { ...cart, planIds: [8] })).toBe(couponMessages.notForPlans);
  });

  it("refuses by the member's uses and history when they were read with the code", () => {
    expect(codeRefusal({ ...row, member: { uses: 1, hadPlan: false } }, cart)).toBe(couponMessages.perMember);
    expect(codeRefusal({ ...row, member: { uses: 0, hadPlan: true } }, cart)).toBe(couponMessages.newMembersOnly);
    expect(codeRefusal({ ...row, member: null }, cart)).toBeNull();
    expect(codeRefusal({ ...row, member: fresh }, cart)).toBeNull();
  });

  it("a held cart keeps a code paused since, not one used up", () => {
    expect(codeRefusal({ ...row, paused: true, member: fresh }, { ...cart, held: true })).toBeNull();
    expect(codeRefusal({ ...row, redemptionCount: 5, member: fresh }, { ...cart, held: true })).toBe(
      couponMessages.usedUp,
    );
  });
});
