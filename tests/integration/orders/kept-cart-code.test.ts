import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { action as cartAction } from "~/routes/api/dashboard/api.dashboard.cart";
import { action as joinAction } from "~/routes/auth/join.details";
import * as signIn from "~/routes/auth/signin";
import { user } from "#server/db/schema";
import { getMemberCart } from "#server/orders/get-member-cart";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callAction } from "../../helpers/route-request";
import { makeCoupon, usdt } from "../coupons/coupon-fixtures";

withTestDataDir("kept-cart-code");

const ip = () => `10.83.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

// The code applied to a cart is kept with the account's cart however it got there: brought to
// sign-in from the visitor's cart, or applied in the dashboard's cart. Otherwise the next visit
// shows the cart at list price and the member loses the discount without being told.
describeEachDatabase("the kept cart keeps the code applied to it", (database) => {
  const db = () => database().db;
  useProcessDatabase(database);
  const kept = (userId: string) => getMemberCart({ db: db(), userId });

  /** A member signed up with (or without) a cart and its code: their id, email and session cookie. */
  async function signUp(cart?: { planIds: number[]; couponCode: string }) {
    const tag = crypto.randomBytes(4).toString("hex");
    const email = `code-${tag}@example.com`;
    const answer = await callAction(joinAction, {
      path: "/join/details",
      clientIp: ip(),
      form: {
        firstName: "Cody",
        lastName: "Kept",
        email,
        password: "Analytical1",
        telegram: `cody_${tag}`,
        acceptTerms: "on",
        acceptRisk: "on",
        ...(cart
          ? { cart: JSON.stringify({ planIds: cart.planIds, billingPeriod: "monthly" }), couponCode: cart.couponCode }
          : {}),
      },
    });
    expect(answer.status).toBe(302);
    const [account] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
    const cookie = (answer.cookies ?? []).map((c) => c.split(";")[0]).join("; ");
    return { userId: account!.id, email, cookie };
  }

  const signInWith = (email: string, planIds: number[], cartCoupon: string) =>
    callAction(signIn, {
      path: "/signin",
      clientIp: ip(),
      form: {
        email,
        password: "Analytical1",
        cart: JSON.stringify({ planIds, billingPeriod: "monthly" }),
        cartCoupon,
      },
    });

  it("a sign-in brings the visitor cart's code into a kept cart without one, as checked", async () => {
    const plan = await createPlan(db(), "Brought", usdt(40));
    const coupon = await makeCoupon(db(), { percentOff: "25" });
    const member = await signUp();

    expect(await signInWith(member.email, [plan.id], ` ${coupon.code.toLowerCase()} `)).toMatchObject({ status: 302 });
    expect(await kept(member.userId)).toEqual({
      planIds: [plan.id],
      billingPeriod: "monthly",
      couponCode: coupon.code,
    });
  });

  it("the kept cart's own code stays when the visitor's cart brings another", async () => {
    const [a, b] = [await createPlan(db(), "Kept", usdt(30)), await createPlan(db(), "Added", usdt(20))];
    const ordered = await makeCoupon(db(), { percentOff: "50" });
    const brought = await makeCoupon(db(), { percentOff: "10" });
    const member = await signUp({ planIds: [a.id], couponCode: ordered.code });
    expect((await kept(member.userId))?.couponCode).toBe(ordered.code);

    expect(await signInWith(member.email, [b.id], brought.code)).toMatchObject({ status: 302 });
    expect(await kept(member.userId)).toMatchObject({ planIds: [a.id, b.id], couponCode: ordered.code });
  });

  it("a code no longer good for the visitor's cart is left behind; its plans still join and the sign-in goes on", async () => {
    const [plan, other] = [await createPlan(db(), "Plain", usdt(30)), await createPlan(db(), "Other", usdt(30))];
    const expired = await makeCoupon(db(), { validUntil: "2020-01-31" });
    const elsewhere = await makeCoupon(db(), { planIds: [other.id] });
    const member = await signUp();

    for (const code of [expired.code, elsewhere.code, "NOSUCHCODE", "not a code!"])
      expect(await signInWith(member.email, [plan.id], code)).toMatchObject({ status: 302 });
    expect(await kept(member.userId)).toEqual({ planIds: [plan.id], billingPeriod: "monthly", couponCode: null });
  });

  it("a code applied in the dashboard's cart is kept with it, in place of the kept one; a refused one is not", async () => {
    const plan = await createPlan(db(), "Dash", usdt(50));
    const [first, second] = [
      await makeCoupon(db(), { percentOff: "20" }),
      await makeCoupon(db(), { percentOff: "30" }),
    ];
    const elsewhere = await makeCoupon(db(), { planIds: [(await createPlan(db(), "Else", usdt(9))).id] });
    const member = await signUp({ planIds: [plan.id], couponCode: first.code });
    const save = (json: object) => callAction(cartAction, { path: "/api/dashboard/cart", cookie: member.cookie, json });

    // Another code applied: kept as checked, in capitals, in place of the one ordered with.
    expect(
      await save({ planIds: [plan.id], billingPeriod: "monthly", couponCode: second.code.toLowerCase() }),
    ).toMatchObject({ status: 200 });
    expect(await kept(member.userId)).toEqual({
      planIds: [plan.id],
      billingPeriod: "monthly",
      couponCode: second.code,
    });

    // A code the check refuses for this cart is not kept: the refusal is the check's own.
    const refused = await save({ planIds: [plan.id], billingPeriod: "monthly", couponCode: elsewhere.code });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, fieldErrors: { couponCode: expect.any(String) } });
    expect((await kept(member.userId))?.couponCode).toBe(second.code);

    // A period change says nothing of the code: it stays; an emptied cart drops it.
    await save({ planIds: [plan.id], billingPeriod: "quarterly" });
    expect((await kept(member.userId))?.couponCode).toBe(second.code);
    await save({ planIds: [], billingPeriod: "quarterly", couponCode: second.code });
    expect((await kept(member.userId))?.couponCode).toBeNull();
  });
});
