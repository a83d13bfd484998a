import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { memberCarts } from "#server/db/schema";
import { getMemberCart } from "#server/orders/get-member-cart";
import { mergeMemberCart } from "#server/orders/merge-member-cart";
import { saveMemberCart } from "#server/orders/save-member-cart";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createVerifiedMember } from "../../helpers/members";
import { usdt } from "./order-fixtures";

/*
 * The cart kept with the account, called directly: saved as it is (each plan once), joined with a
 * cart chosen before signing in, never wiped by an empty one; a bystander's kept cart untouched.
 */
describeEachDatabase("the kept cart's steps", (database) => {
  const db = () => database().db;
  const rowOf = async (userId: string) =>
    (await db().select().from(memberCarts).where(eq(memberCarts.userId, userId)))[0];

  async function setUp() {
    const plans = [
      await createPlan(db(), "Kilo", usdt(5)),
      await createPlan(db(), "Lima", usdt(6)),
      await createPlan(db(), "Mike", usdt(7)),
    ];
    const member = await createVerifiedMember(db());
    const bystander = await createVerifiedMember(db());
    await saveMemberCart({
      db: db(),
      userId: bystander.id,
      cart: { planIds: [plans[0]!.id], billingPeriod: "monthly" },
    });
    const theirs = await rowOf(bystander.id);
    return {
      ids: plans.map((plan) => plan.id),
      userId: member.id,
      expectBystanderUntouched: async () => expect(await rowOf(bystander.id)).toEqual(theirs),
    };
  }

  it("saves each plan once in the order added, and a later save replaces the cart and its time", async () => {
    const s = await setUp();
    const [a, b, c] = s.ids as [number, number, number];
    await saveMemberCart({
      db: db(),
      userId: s.userId,
      cart: { planIds: [b, a, b, c, a], billingPeriod: "quarterly" },
    });
    expect(await rowOf(s.userId)).toMatchObject({ planIds: [b, a, c], billingPeriod: "quarterly" });
    const longAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    await db().update(memberCarts).set({ updatedAt: longAgo }).where(eq(memberCarts.userId, s.userId));
    await saveMemberCart({ db: db(), userId: s.userId, cart: { planIds: [c, c], billingPeriod: "lifetime" } });
    const second = await rowOf(s.userId);
    expect(second).toMatchObject({ planIds: [c], billingPeriod: "lifetime" });
    expect(second!.updatedAt.getTime()).toBeGreaterThan(longAgo.getTime());
    expect(await getMemberCart({ db: db(), userId: s.userId })).toEqual({
      planIds: [c],
      billingPeriod: "lifetime",
      couponCode: null,
    });
    // Emptied (after a purchase) it stays, empty.
    await saveMemberCart({ db: db(), userId: s.userId, cart: { planIds: [], billingPeriod: "lifetime" } });
    expect(await getMemberCart({ db: db(), userId: s.userId })).toEqual({
      planIds: [],
      billingPeriod: "lifetime",
      couponCode: null,
    });
    await s.expectBystanderUntouched();
  });

  it("a cart chosen before signing in joins the kept one at its period; an empty one changes nothing", async () => {
    const s = await setUp();
    const [a, b, c] = s.ids as [number, number, number];
    // No kept cart: an empty cart makes none, a cart with plans becomes it.
    await mergeMemberCart({ db: db(), userId: s.userId, cart: { planIds: [], billingPeriod: "quarterly" } });
    expect(await rowOf(s.userId)).toBeUndefined();
    expect(await getMemberCart({ db: db(), userId: s.userId })).toBeNull();
    await mergeMemberCart({ db: db(), userId: s.userId, cart: { planIds: [b], billingPeriod: "monthly" } });
    expect(await getMemberCart({ db: db(), userId: s.userId })).toEqual({
      planIds: [b],
      billingPeriod: "monthly",
      couponCode: null,
    });
    // Kept plans keep their place, new ones follow, the period is the one just chosen.
    await mergeMemberCart({ db: db(), userId: s.userId, cart: { planIds: [c, b, a], billingPeriod: "quarterly" } });
    expect(await getMemberCart({ db: db(), userId: s.userId })).toEqual({
      planIds: [b, c, a],
      billingPeriod: "quarterly",
      couponCode: null,
    });
    // Signing in from another browser with nothing chosen leaves the row as it was, its time too.
    const kept = await rowOf(s.userId);
    await mergeMemberCart({ db: db(), userId: s.userId, cart: { planIds: [], billingPeriod: "lifetime" } });
    expect(await rowOf(s.userId)).toEqual(kept);
    await s.expectBystanderUntouched();
  });
});
