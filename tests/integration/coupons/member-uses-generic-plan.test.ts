import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { couponPurchaseUses } from "#server/coupons/coupon-purchase-uses";
import { describeEachDatabase } from "../../helpers/database";
import { genericPlanIndexes } from "../../helpers/generic-plan";
import { createMember } from "../../helpers/members";
import { makeCoupon, otherMembersUses } from "./coupon-fixtures";

// Every checkout with a code counts the member's own uses of it, in the purchase's first statement,
// which is kept prepared and so runs a generic plan. That count must read the member's bills alone:
// a plan that also reads the code's index (ANDing the two) reads every use the code ever had, so a
// popular code's checkouts grew dearer with each one sold. A use is a paid bill: the member's paid
// bills' index, which the purchase's statements read anyway, is the one read.
describeEachDatabase("a member's uses of a code in a generic plan", (database) => {
  const db = () => database().db;

  it("are read from the member's own bills, not from every use of the code", async () => {
    const coupon = await makeCoupon(db());
    const member = await createMember(db(), {});
    await otherMembersUses(db(), coupon.id, 3000);
    const indexes = await genericPlanIndexes(
      db(),
      sql`select ${couponPurchaseUses({ couponId: sql`${coupon.id}::int`, userId: member.id })} as uses`,
    );
    expect(indexes).toEqual(["billing_paid_user_issue_idx"]);
  });
});
