import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import * as cartRoute from "~/routes/api/dashboard/api.dashboard.cart";
import { loader as pricingLoader } from "~/routes/site/pricing";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { memberCarts, subscriptions } from "#server/db/schema";
import { createOrder } from "#server/orders/create-order";
import { getMemberCart } from "#server/orders/get-member-cart";
import { saveMemberCart } from "#server/orders/save-member-cart";
import { createPlan, depositFor } from "../../helpers/billing";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("cart-forgets-bought");

const usdt = (n: number) => BigInt(n) * 1_000_000n;

// The cart kept with the account only ever offers what can still be bought: a purchase takes out
// what it bought (however it was paid), and a plan active some other way is never read back.
describeEachDatabase("the kept cart forgets what was bought", (database) => {
  const db = () => database().db;
  const stored = async (userId: string) =>
    (await db().select().from(memberCarts).where(eq(memberCarts.userId, userId)))[0]?.planIds;
  useProcessDatabase(database);
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  it("a purchase from the balance takes the plans it bought out of the kept cart, the rest in their order", async () => {
    const [a, b, c] = [
      await createPlan(db(), "Alpha", usdt(10)),
      await createPlan(db(), "Beta", usdt(20)),
      await createPlan(db(), "Gamma", usdt(30)),
    ];
    const { id } = await createMember(db(), { balance: usdt(100) });
    await saveMemberCart({ db: db(), userId: id, cart: { planIds: [c.id, a.id, b.id], billingPeriod: "monthly" } });
    await purchaseSubscriptions({
      db: db(),
      userId: id,
      planIds: [a.id, b.id],
      billingPeriod: "monthly",
      totalAmount: usdt(30),
      idempotencyKey: crypto.randomUUID(),
    });
    expect(await stored(id)).toEqual([c.id]);
    expect(await getMemberCart({ db: db(), userId: id })).toEqual({
      planIds: [c.id],
      billingPeriod: "monthly",
      couponCode: null,
    });
    // A member without a kept cart buys as before, and gets none.
    const other = await createMember(db(), { balance: usdt(10) });
    await purchaseSubscriptions({
      db: db(),
      userId: other.id,
      planIds: [a.id],
      billingPeriod: "monthly",
      totalAmount: usdt(10),
      idempotencyKey: crypto.randomUUID(),
    });
    expect(await getMemberCart({ db: db(), userId: other.id })).toBeNull();
  });

  it("a plan held monthly stays in a kept cart at a longer period (a switch), not at the period held", async () => {
    const plan = await createPlan(db(), "Foxtrot", usdt(10));
    const { id } = await createMember(db(), { balance: usdt(10) });
    await purchaseSubscriptions({
      db: db(),
      userId: id,
      planIds: [plan.id],
      billingPeriod: "monthly",
      totalAmount: usdt(10),
      idempotencyKey: crypto.randomUUID(),
    });
    for (const billingPeriod of ["quarterly", "lifetime"] as const) {
      await saveMemberCart({ db: db(), userId: id, cart: { planIds: [plan.id], billingPeriod } });
      expect(await getMemberCart({ db: db(), userId: id })).toEqual({
        planIds: [plan.id],
        billingPeriod,
        couponCode: null,
      });
    }
    await saveMemberCart({ db: db(), userId: id, cart: { planIds: [plan.id], billingPeriod: "monthly" } });
    expect(await getMemberCart({ db: db(), userId: id })).toEqual({
      planIds: [],
      billingPeriod: "monthly",
      couponCode: null,
    });
  });

  it("an order paid by a deposit, with the member elsewhere, empties the cart it came from", async () => {
    const [a, b] = [await createPlan(db(), "Delta", usdt(40)), await createPlan(db(), "Echo", usdt(76))];
    const { id } = await createMember(db());
    const cart = { planIds: [a.id, b.id], billingPeriod: "monthly" as const };
    await saveMemberCart({ db: db(), userId: id, cart });
    await createOrder({ db: db(), userId: id, ...cart });
    // Unpaid, the order leaves the cart as it was: if it expires, the plans are still there to order.
    expect(await getMemberCart({ db: db(), userId: id })).toEqual({ ...cart, couponCode: null });
    expect((await depositFor(db(), id, usdt(116))).completion?.status).toBe("paid");
    expect(await stored(id)).toEqual([]);
    expect(await getMemberCart({ db: db(), userId: id })).toEqual({
      planIds: [],
      billingPeriod: "monthly",
      couponCode: null,
    });
  });

  it("a plan active some other way (granted, bought in another tab) is never read back, and returns when it ends", async () => {
    const [a, b] = [await createPlan(db(), "Foxtrot", usdt(5)), await createPlan(db(), "Golf", usdt(5))];
    const { id } = await createMember(db());
    await saveMemberCart({ db: db(), userId: id, cart: { planIds: [a.id, b.id], billingPeriod: "lifetime" } });
    const [granted] = await db()
      .insert(subscriptions)
      .values({ userId: id, planId: a.id, billingPeriod: "lifetime", nextBillingDate: null, autorenew: false })
      .returning();
    expect(await getMemberCart({ db: db(), userId: id })).toEqual({
      planIds: [b.id],
      billingPeriod: "lifetime",
      couponCode: null,
    });
    await db().update(subscriptions).set({ status: "cancelled" }).where(eq(subscriptions.id, granted!.id));
    expect(await getMemberCart({ db: db(), userId: id })).toEqual({
      planIds: [a.id, b.id],
      billingPeriod: "lifetime",
      couponCode: null,
    });
  });

  it("/pricing hands a signed-in member their cart without the plans they have, and which plans those are", async () => {
    const [owned, wanted] = [await createPlan(db(), "Hotel", usdt(9)), await createPlan(db(), "India", usdt(9))];
    const member = await signUpStaff(db(), null);
    await callAction(cartRoute, {
      path: "/api/dashboard/cart",
      cookie: member.cookie,
      json: { planIds: [owned.id, wanted.id], billingPeriod: "monthly" },
    });
    await db()
      .insert(subscriptions)
      .values({ userId: member.userId, planId: owned.id, billingPeriod: "monthly", nextBillingDate: new Date() });
    const page = await callLoader(pricingLoader, { path: "/pricing", cookie: member.cookie });
    // Held monthly: not sold again at monthly, sold at a longer period (a switch).
    expect(page.data).toMatchObject({ kept: { planIds: [wanted.id], billingPeriod: "monthly" } });
    expect(page.data.owned).toEqual({ monthly: [owned.id], quarterly: [], lifetime: [] });
    // The held plan, for the cart to credit an upgrade of it (nothing was paid for this one).
    expect(page.data).toMatchObject({ switching: { held: [{ planId: owned.id, name: "Hotel", credit: "0" }] } });
    // A visitor's page (the one the cache keeps) carries nothing of anyone's.
    const visitor = await callLoader(pricingLoader, { path: "/pricing" });
    expect(visitor.data).toMatchObject({ kept: null, owned: {}, included: {}, switching: null });
  });
});
