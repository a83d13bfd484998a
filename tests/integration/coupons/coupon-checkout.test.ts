import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { couponMessages } from "~/lib/billing/coupons";
import { loader as checkLoader } from "~/routes/api/api.coupons.check";
import { action as ordersAction } from "~/routes/api/dashboard/api.dashboard.orders";
import { action as purchaseAction } from "~/routes/api/dashboard/api.dashboard.purchase";
import { action as joinAction } from "~/routes/auth/join.details";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { orders, user } from "#server/db/schema";
import { pauseCoupon } from "#server/staff/coupons/pause-coupon";
import { createPlan, creditTransfer } from "../../helpers/billing";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { expectLedgerInvariant } from "../../helpers/members";
import { callAction, ORIGIN } from "../../helpers/route-request";
import { actor, makeCoupon, moneyOf, usdt } from "./coupon-fixtures";

withTestDataDir("coupon-checkout");

let ipCounter = 1;
const nextIp = () => `10.61.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const cookieFrom = (h: Headers) =>
  h
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

// A code typed where a member pays before anything is bought: /pricing's cart and the
// dashboard's dialog ask GET /api/coupons/check; sign-up, the dialog's purchase and its order
// price the code again themselves. What is charged is list − discount, never below zero, and
// the ledger moves only that.
describeEachDatabase("coupon codes at checkout: the cart's check, sign-up, the dashboard's purchase", (database) => {
  const db = () => database().db;
  useProcessDatabase(database);

  async function member(balance = 0n) {
    const ip = nextIp();
    const tag = crypto.randomBytes(4).toString("hex");
    const result = await signUpMember({
      db: db(),
      input: {
        firstName: "Cora",
        lastName: "Coupon",
        email: `cora-${tag}@example.com`,
        password: "Analytical1",
        telegram: `cora_${tag}`,
        acceptTerms: true,
        acceptRisk: true,
      },
      clientIp: ip,
      headers: new Headers({ "x-client-ip": ip }),
    });
    if (balance > 0n) await creditTransfer(db(), result.userId, balance);
    return { userId: result.userId, cookie: cookieFrom(result.headers) };
  }

  /** The cart's GET, as the browser sends it: the JSON it answers, with its status and headers. */
  async function check(query: Record<string, string>, cookie?: string) {
    const request = new Request(`${ORIGIN}/api/coupons/check?${new URLSearchParams(query)}`, {
      headers: cookie ? { cookie } : {},
    });
    const response = await checkLoader({ request, params: {}, context: { clientIp: nextIp() } } as never);
    return {
      status: response.status,
      headers: response.headers,
      data: (await response.json()) as Record<string, unknown>,
    };
  }

  it("the cart's check answers a code's terms, never cached, or why it is refused beside the field", async () => {
    const gold = await createPlan(db(), "Gold", usdt(40));
    const silver = await createPlan(db(), "Silver", usdt(10));
    const coupon = await makeCoupon(db(), { percentOff: "25", planIds: [gold.id], maxRedemptions: "1" });

    const good = await check({ code: coupon.code.toLowerCase(), plans: `${gold.id},${silver.id}`, period: "monthly" });
    expect(good.status).toBe(200);
    expect(good.headers.get("Cache-Control")).toBe("no-store");
    expect(good.data).toEqual({
      ok: true,
      terms: {
        code: coupon.code,
        kind: "percent",
        percentOff: 25,
        amountOff: null,
        planIds: [gold.id],
        periods: null,
        duration: "once",
        durationRenewals: null,
      },
    });

    const refusal = async (query: Record<string, string>, cookie?: string) => {
      const answer = await check(query, cookie);
      return [answer.status, answer.data.error, (answer.data.fieldErrors as { couponCode?: string })?.couponCode];
    };
    const said = (status: number, message: string) => [status, message, message];
    expect(await refusal({ code: "NOSUCHCODE", plans: `${gold.id}`, period: "monthly" })).toEqual(
      said(400, couponMessages.unknown),
    );
    expect(await refusal({ code: coupon.code, plans: `${silver.id}`, period: "monthly" })).toEqual(
      said(400, couponMessages.notForPlans),
    );
    expect(await refusal({ code: coupon.code, plans: "", period: "monthly" })).toEqual(
      said(400, couponMessages.emptyCart),
    );
    expect(await refusal({ code: "", plans: `${gold.id}`, period: "monthly" })).toEqual(
      said(400, couponMessages.enterCode),
    );
    const expired = await makeCoupon(db(), { validUntil: "2020-01-31" });
    expect(await refusal({ code: expired.code, plans: `${gold.id}`, period: "monthly" })).toEqual(
      said(400, couponMessages.expired),
    );
    const paused = await makeCoupon(db());
    await pauseCoupon({ db: db(), couponId: paused.id, paused: true, actor });
    expect(await refusal({ code: paused.code, plans: `${gold.id}`, period: "monthly" })).toEqual(
      said(400, couponMessages.paused),
    );

    // Its one use taken: the next cart is told so (409), signed in or not.
    const first = await member(usdt(100));
    const bought = await callAction(purchaseAction, {
      path: "/api/dashboard/purchase",
      cookie: first.cookie,
      json: {
        planIds: [gold.id],
        billingPeriod: "monthly",
        totalAmount: usdt(30).toString(),
        idempotencyKey: crypto.randomUUID(),
        couponCode: coupon.code,
      },
    });
    expect(bought.status).toBe(200);
    expect(await refusal({ code: coupon.code, plans: `${gold.id}`, period: "monthly" })).toEqual(
      said(409, couponMessages.usedUp),
    );
    // A member's own history counts when they are signed in.
    const newOnly = await makeCoupon(db(), { newMembersOnly: true });
    expect(await refusal({ code: newOnly.code, plans: `${silver.id}`, period: "monthly" }, first.cookie)).toEqual(
      said(409, couponMessages.newMembersOnly),
    );
    expect((await check({ code: newOnly.code, plans: `${silver.id}`, period: "monthly" })).status).toBe(200);
  });

  it("the dialog's purchase charges list − discount, shows it on the bill and moves only the charge", async () => {
    const plan = await createPlan(db(), "Platinum", usdt(50));
    const coupon = await makeCoupon(db(), { kind: "fixed", percentOff: undefined, amountOff: "12.5" });
    const buyer = await member(usdt(60));
    const body = {
      planIds: [plan.id],
      billingPeriod: "monthly",
      idempotencyKey: crypto.randomUUID(),
      couponCode: coupon.code.toLowerCase(),
    };
    // The total shown without the code is not what the code charges: refused, nothing written.
    const stale = await callAction(purchaseAction, {
      path: "/api/dashboard/purchase",
      cookie: buyer.cookie,
      json: { ...body, totalAmount: usdt(50).toString() },
    });
    expect(stale).toMatchObject({ status: 409, data: { required: usdt(37.5).toString() } });
    const ok = await callAction(purchaseAction, {
      path: "/api/dashboard/purchase",
      cookie: buyer.cookie,
      json: { ...body, totalAmount: usdt(37.5).toString() },
    });
    expect(ok).toMatchObject({ status: 200, data: { ok: true, newBalance: usdt(22.5).toString() } });
    const money = await moneyOf(db(), buyer.userId);
    const sales = money.bills.filter((b) => b.listAmount !== null);
    expect(sales.map((b) => [b.listAmount, b.discountAmount, b.couponCode, b.totalAmount])).toEqual([
      [usdt(50), usdt(12.5), coupon.code, usdt(37.5)],
    ]);
    expect(money.debits).toEqual([-usdt(37.5)]);
    expect(money.uses.map((u) => [u.listAmount, u.discountAmount, u.chargedAmount])).toEqual([
      [usdt(50), usdt(12.5), usdt(37.5)],
    ]);
    await expectLedgerInvariant(db());

    // A refused code is answered beside the dialog's field, and nothing is bought.
    const other = await createPlan(db(), "Copper", usdt(5));
    const refused = await callAction(purchaseAction, {
      path: "/api/dashboard/purchase",
      cookie: buyer.cookie,
      json: {
        ...body,
        planIds: [other.id],
        totalAmount: usdt(5).toString(),
        idempotencyKey: crypto.randomUUID(),
        couponCode: "NOPE-NOPE",
      },
    });
    expect(refused).toMatchObject({ status: 400, data: { fieldErrors: { couponCode: couponMessages.unknown } } });
    expect((await moneyOf(db(), buyer.userId)).bills).toHaveLength(money.bills.length);
  });

  it("a code larger than the price charges nothing, never below zero, and moves no money", async () => {
    const plan = await createPlan(db(), "Tin", usdt(8));
    const coupon = await makeCoupon(db(), { kind: "fixed", percentOff: undefined, amountOff: "20" });
    const buyer = await member();
    const ok = await callAction(purchaseAction, {
      path: "/api/dashboard/purchase",
      cookie: buyer.cookie,
      json: {
        planIds: [plan.id],
        billingPeriod: "monthly",
        totalAmount: "0",
        idempotencyKey: crypto.randomUUID(),
        couponCode: coupon.code,
      },
    });
    expect(ok).toMatchObject({ status: 200, data: { newBalance: "0" } });
    const money = await moneyOf(db(), buyer.userId);
    expect(money.bills.map((b) => [b.listAmount, b.discountAmount, b.totalAmount])).toEqual([[usdt(8), usdt(8), 0n]]);
    expect(money.debits).toEqual([]);
    await expectLedgerInvariant(db());
  });

  it("the dialog's Continue to Pay makes an order priced with the code", async () => {
    const plan = await createPlan(db(), "Iron", usdt(30));
    const coupon = await makeCoupon(db(), { percentOff: "10" });
    const buyer = await member();
    const answer = await callAction(ordersAction, {
      path: "/api/dashboard/orders",
      cookie: buyer.cookie,
      json: { planIds: [plan.id], billingPeriod: "monthly", couponCode: coupon.code },
    });
    expect(answer).toMatchObject({ status: 200, data: { ok: true, paid: false } });
    const [order] = await db().select().from(orders).where(eq(orders.userId, buyer.userId));
    expect(order).toMatchObject({ couponCode: coupon.code, listAmount: usdt(30), totalAmount: usdt(27) });
  });

  it("sign-up takes the code from the cart: the new member's order is priced with it; a refused code makes no account", async () => {
    const plan = await createPlan(db(), "Bronze", usdt(20));
    const coupon = await makeCoupon(db(), { percentOff: "50", newMembersOnly: true });
    const signUp = (couponCode: string) => {
      const tag = crypto.randomBytes(4).toString("hex");
      const email = `join-${tag}@example.com`;
      return callAction(joinAction, {
        path: "/join/details",
        clientIp: nextIp(),
        form: {
          firstName: "Jo",
          lastName: "Join",
          email,
          password: "Analytical1",
          telegram: `jo_${tag}`,
          acceptTerms: "on",
          acceptRisk: "on",
          cart: JSON.stringify({ planIds: [plan.id], billingPeriod: "monthly" }),
          couponCode,
        },
      }).then((answer) => ({ answer, email }));
    };
    const { answer, email } = await signUp(coupon.code.toLowerCase());
    expect(answer).toMatchObject({ status: 302, location: "/dashboard?section=order" });
    const [account] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
    const rows = await db().select().from(orders).where(eq(orders.userId, account!.id));
    expect(rows).toMatchObject([
      {
        status: "pending",
        couponCode: coupon.code,
        listAmount: usdt(20),
        discountAmount: usdt(10),
        totalAmount: usdt(10),
      },
    ]);

    const refused = await signUp("EXPIRED-OR-NOT");
    expect(refused.answer).toMatchObject({
      status: 400,
      data: { fieldErrors: { couponCode: couponMessages.unknown }, values: { couponCode: "EXPIRED-OR-NOT" } },
    });
    expect(await db().select().from(user).where(eq(user.email, refused.email))).toEqual([]);
  });
});
