import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { action as cartAction } from "~/routes/api/dashboard/api.dashboard.cart";
import { action as ordersAction } from "~/routes/api/dashboard/api.dashboard.orders";
import { action as joinAction } from "~/routes/auth/join.details";
import { loadSubscriptionsData } from "#server/dashboard/dashboard-data";
import { orders, user } from "#server/db/schema";
import { getMemberCart } from "#server/orders/get-member-cart";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callAction } from "../../helpers/route-request";
import { makeCoupon, usdt } from "../coupons/coupon-fixtures";

withTestDataDir("sign-up-cart-coupon");

let ipCounter = 1;
const nextIp = () => `10.67.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

// Sign-up makes an order from the cart with its code and keeps the cart with the account. The
// dashboard's cart is that kept cart: it must carry the code too, or Subscribe's order (which
// replaces the sign-up's) is made at list price and the member silently loses the discount.
describeEachDatabase("the code a cart was ordered with at sign-up stays with the kept cart", (database) => {
  const db = () => database().db;
  useProcessDatabase(database);

  async function signUp(planId: number, couponCode: string) {
    const tag = crypto.randomBytes(4).toString("hex");
    const email = `kept-${tag}@example.com`;
    const answer = await callAction(joinAction, {
      path: "/join/details",
      clientIp: nextIp(),
      form: {
        firstName: "Kim",
        lastName: "Kept",
        email,
        password: "Analytical1",
        telegram: `kim_${tag}`,
        acceptTerms: "on",
        acceptRisk: "on",
        cart: JSON.stringify({ planIds: [planId], billingPeriod: "monthly" }),
        couponCode,
      },
    });
    expect(answer).toMatchObject({ status: 302, location: "/dashboard?section=order" });
    const [account] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
    const cookie = (answer.cookies ?? []).map((c) => c.split(";")[0]).join("; ");
    return { userId: account!.id, cookie };
  }

  it("the dashboard's cart has the code, and its order is priced with it in place of the sign-up's", async () => {
    const plan = await createPlan(db(), "Signals", usdt(38));
    const coupon = await makeCoupon(db(), { percentOff: "50", newMembersOnly: true });
    const member = await signUp(plan.id, coupon.code.toLowerCase());

    // Kept as the order has it: checked, in capitals.
    expect(await getMemberCart({ db: db(), userId: member.userId })).toEqual({
      planIds: [plan.id],
      billingPeriod: "monthly",
      couponCode: coupon.code,
    });
    const section = await loadSubscriptionsData({ db: db(), userId: member.userId });
    expect(section).toMatchObject({ cart: { planIds: [plan.id], couponCode: coupon.code } });

    // The dashboard's cart changes (a period tab and back): the code stays.
    for (const billingPeriod of ["quarterly", "monthly"])
      await callAction(cartAction, {
        path: "/api/dashboard/cart",
        cookie: member.cookie,
        json: { planIds: [plan.id], billingPeriod },
      });
    const kept = await getMemberCart({ db: db(), userId: member.userId });
    expect(kept?.couponCode).toBe(coupon.code);

    // Subscribe → Continue to Pay sends the cart with its code: the new order keeps the discount.
    const answer = await callAction(ordersAction, {
      path: "/api/dashboard/orders",
      cookie: member.cookie,
      json: { planIds: kept!.planIds, billingPeriod: kept!.billingPeriod, couponCode: kept!.couponCode },
    });
    expect(answer).toMatchObject({ status: 200, data: { ok: true, paid: false } });
    const rows = await db()
      .select()
      .from(orders)
      .where(eq(orders.userId, member.userId))
      .orderBy(asc(orders.createdAt));
    expect(rows).toMatchObject([
      { status: "cancelled", couponCode: coupon.code, totalAmount: usdt(19) },
      { status: "pending", couponCode: coupon.code, listAmount: usdt(38), totalAmount: usdt(19) },
    ]);

    // The order used the cart: the dashboard empties it, and the code goes with it.
    await callAction(cartAction, {
      path: "/api/dashboard/cart",
      cookie: member.cookie,
      json: { planIds: [], billingPeriod: "monthly" },
    });
    expect(await getMemberCart({ db: db(), userId: member.userId })).toMatchObject({ planIds: [], couponCode: null });
  });

  it("the code removed in the dashboard's cart is gone from the kept cart; a save that does not mention it leaves it", async () => {
    const plan = await createPlan(db(), "Removed", usdt(30));
    const coupon = await makeCoupon(db(), { percentOff: "50", newMembersOnly: true });
    const member = await signUp(plan.id, coupon.code);
    const save = (json: object) => callAction(cartAction, { path: "/api/dashboard/cart", cookie: member.cookie, json });

    // Plans and period saved as before, without a word about the code: it stays.
    expect(await save({ planIds: [plan.id], billingPeriod: "quarterly" })).toMatchObject({ status: 200 });
    expect(await getMemberCart({ db: db(), userId: member.userId })).toMatchObject({ couponCode: coupon.code });

    // Removed: the cart keeps its plans, without the code.
    expect(await save({ planIds: [plan.id], billingPeriod: "quarterly", couponCode: null })).toMatchObject({
      status: 200,
    });
    expect(await getMemberCart({ db: db(), userId: member.userId })).toEqual({
      planIds: [plan.id],
      billingPeriod: "quarterly",
      couponCode: null,
    });
  });

  it("a sign-up without a code keeps a cart without one", async () => {
    const plan = await createPlan(db(), "Plain", usdt(20));
    const tag = crypto.randomBytes(4).toString("hex");
    const email = `plain-${tag}@example.com`;
    await callAction(joinAction, {
      path: "/join/details",
      clientIp: nextIp(),
      form: {
        firstName: "Pat",
        lastName: "Plain",
        email,
        password: "Analytical1",
        telegram: `pat_${tag}`,
        acceptTerms: "on",
        acceptRisk: "on",
        cart: JSON.stringify({ planIds: [plan.id], billingPeriod: "monthly" }),
        couponCode: "",
      },
    });
    const [account] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
    expect(await getMemberCart({ db: db(), userId: account!.id })).toMatchObject({ couponCode: null });
  });
});
