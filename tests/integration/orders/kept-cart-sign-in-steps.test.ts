import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { action as signInAction } from "~/routes/auth/signin";
import { action as codeAction } from "~/routes/auth/signin.code";
import { action as secondStepAction } from "~/routes/auth/signin.two-factor";
import { user } from "#server/db/schema";
import { getMemberCart } from "#server/orders/get-member-cart";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { mailsTo } from "../../helpers/email-outbox";
import { withTestDataDir } from "../../helpers/env";
import { callAction } from "../../helpers/route-request";
import { authenticatorCodes, Browser, enrolInBrowser, signUpInBrowser } from "../../helpers/two-factor-browser";
import { makeCoupon, usdt } from "../coupons/coupon-fixtures";

const dataDir = withTestDataDir("kept-cart-sign-in-steps");

// A visitor's cart joins the account however the sign-in ends: with the password alone (kept-cart-
// code.test.ts), with the second factor after it, or with a one-time code from the email. Before,
// only the password step brought it, so a member with two-factor on (or signing in by code) found
// the plans they had just chosen gone from their cart.
describeEachDatabase("the visitor's cart at the end of every sign-in", (database) => {
  const db = () => database().db;
  useProcessDatabase(database);
  const kept = (userId: string) => getMemberCart({ db: db(), userId });
  const brought = (planIds: number[], cartCoupon: string) => ({
    cart: JSON.stringify({ planIds, billingPeriod: "monthly" }),
    cartCoupon,
  });

  it("joins at the second factor, not at the password step before it", async () => {
    const plan = await createPlan(db(), "Second", usdt(40));
    const coupon = await makeCoupon(db(), { percentOff: "25" });
    const { email, userId, secret } = await enrolInBrowser({ db: db(), tag: "kcs" });
    const browser = new Browser();

    const first = await browser.post(signInAction, "/signin", {
      email,
      password: "Analytical1",
      ...brought([plan.id], coupon.code),
    });
    expect(first.location).toBe("/signin/two-factor?redirectTo=%2Fdashboard");
    expect(await kept(userId)).toBeNull();

    const second = await browser.post(secondStepAction, "/signin/two-factor", {
      code: authenticatorCodes(secret).now,
      ...brought([plan.id], coupon.code.toLowerCase()),
    });
    expect(second.status).toBe(302);
    expect(await kept(userId)).toEqual({ planIds: [plan.id], billingPeriod: "monthly", couponCode: coupon.code });
  });

  it("joins when a one-time code signs the member in, and not when the code is wrong", async () => {
    const plan = await createPlan(db(), "Coded", usdt(30));
    const coupon = await makeCoupon(db(), { percentOff: "10" });
    const { email, userId } = await signUpInBrowser({ db: db(), tag: "kcs" });
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, userId));
    const form = (fields: Record<string, string>) =>
      callAction(codeAction, { path: "/signin/code", clientIp: "10.84.0.1", form: fields });

    await form({ intent: "send", email });
    const code = /sign-in code is (\d{6})/.exec(mailsTo(dataDir, email).at(-1) ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === "000000" ? "111111" : "000000";
    const missed = await form({ intent: "verify", email, code: wrong, ...brought([plan.id], coupon.code) });
    expect(missed.location).toBeUndefined();
    expect(await kept(userId)).toBeNull();

    const signedIn = await form({ intent: "verify", email, code: code!, ...brought([plan.id], coupon.code) });
    expect(signedIn.status).toBe(302);
    expect(await kept(userId)).toEqual({ planIds: [plan.id], billingPeriod: "monthly", couponCode: coupon.code });
  });
});
