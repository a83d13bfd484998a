import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { cartOverlap } from "~/lib/billing/cart-overlap";
import type { BillingPeriod } from "~/lib/pricing";
import { getPlansAround } from "#server/billing/held-plans";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import type { Db } from "#server/db/client";
import { billingHistory, ledgerEntries, planTelegramChats, profiles, subscriptions } from "#server/db/schema";
import { isAppError } from "#server/lib/errors";
import { createOrder } from "#server/orders/create-order";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { makeCoupon } from "../coupons/coupon-fixtures";

const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;
// Bought on Jan 1 at noon, a month runs to Feb 1 at noon: 31 days.
const BOUGHT = new Date("2026-01-01T12:00:00Z");
const day = (n: number) => new Date(BOUGHT.getTime() + n * 86_400_000);

describeEachDatabase("upgrades and overlapping plans", (database, kind) => {
  const db = () => database().db;

  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  async function plansWithChats(d: Db) {
    const make = async (name: string, price: number, chats: number[]) => {
      const plan = await createPlan(d, name, usdt(price));
      await d.insert(planTelegramChats).values(chats.map((chatId) => ({ planId: plan.id, chatId })));
      return plan;
    };
    return {
      signals: await make("Signals", 49, [-1001]),
      vip: await make("VIP Signals", 78, [-1002]),
      vipCopy: await make("VIP and Copy", 120, [-1002, -1003]),
      all: await make("All-in-One", 150, [-1001, -1002, -1003]),
      tools: await createPlan(d, "Tools", usdt(10)),
    };
  }

  const buy = (options: {
    userId: string;
    planIds: number[];
    total: bigint;
    period?: BillingPeriod;
    now: Date;
    couponCode?: string;
  }) =>
    purchaseSubscriptions({
      db: db(),
      idempotencyKey: crypto.randomUUID(),
      billingPeriod: options.period ?? "monthly",
      totalAmount: options.total,
      userId: options.userId,
      planIds: options.planIds,
      now: options.now,
      couponCode: options.couponCode,
      clientIp: "192.0.2.1",
    });

  const refusalOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => {
        if (!isAppError(error)) throw error;
        return { code: error.code, message: error.message };
      },
    );

  const subsOf = (userId: string) => db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const billsOf = (userId: string) =>
    db().select().from(billingHistory).where(eq(billingHistory.userId, userId)).orderBy(billingHistory.issueDate);

  it("credits the unused days of the smaller plan, ends it at the switch, and shows the arithmetic", async () => {
    const plans = await plansWithChats(db());
    const member = await createMember(db(), { balance: usdt(500) });
    await buy({ userId: member.id, planIds: [plans.vip.id], total: usdt(78), now: BOUGHT });
    // 21 days of 31 left: 78 × 21 / 31 = 52.8387… → 52.83 (rounded down to the cent).
    const result = await buy({ userId: member.id, planIds: [plans.all.id], total: usdt(97.17), now: day(10) });
    expect(result.activeSubscriptions).toEqual([plans.all.id]);
    expect(BigInt(result.newBalance)).toBe(usdt(500 - 78 - 97.17));

    const subs = await subsOf(member.id);
    expect(subs.find((sub) => sub.planId === plans.vip.id)).toMatchObject({ status: "cancelled", autorenew: false });
    expect(subs.find((sub) => sub.planId === plans.all.id)).toMatchObject({ status: "active" });
    const upgrade = (await billsOf(member.id)).at(-1)!;
    expect(upgrade).toMatchObject({
      listAmount: usdt(150),
      discountAmount: 0n,
      creditAmount: usdt(52.83),
      totalAmount: usdt(97.17),
    });
    expect(upgrade.lines![0]).toMatchObject({
      credit: "52830000",
      creditNote: "Credit for unused 21 days of VIP Signals",
    });
    const debits = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, member.id), eq(ledgerEntries.kind, "purchase")));
    expect(debits.map((entry) => entry.amount).sort()).toEqual([-usdt(78), -usdt(97.17)].sort());
  });

  it("refuses a plan whose channels an active plan already includes, naming that plan, and writes nothing", async () => {
    const plans = await plansWithChats(db());
    const member = await createMember(db(), { balance: usdt(500) });
    await buy({ userId: member.id, planIds: [plans.all.id], total: usdt(150), now: BOUGHT });
    const balance = (await db().select().from(profiles).where(eq(profiles.id, member.id)))[0]!.balance;
    for (const plan of [plans.vip, plans.signals, plans.vipCopy]) {
      expect(await refusalOf(buy({ userId: member.id, planIds: [plan.id], total: plan.price, now: day(1) }))).toEqual({
        code: "CONFLICT",
        message: "Already included in All-in-One",
      });
    }
    expect(
      await refusalOf(createOrder({ db: db(), userId: member.id, planIds: [plans.vip.id], billingPeriod: "monthly" })),
    ).toEqual({ code: "CONFLICT", message: "Already included in All-in-One" });
    // A plan without channels is neither included nor an upgrade: bought as before.
    await buy({ userId: member.id, planIds: [plans.tools.id], total: usdt(10), now: day(1) });
    expect((await db().select().from(profiles).where(eq(profiles.id, member.id)))[0]!.balance).toBe(balance - usdt(10));
  });

  it("refuses a cart holding a plan and one that includes it, nothing held: the smaller would be paid twice", async () => {
    const plans = await plansWithChats(db());
    const member = await createMember(db(), { balance: usdt(500) });
    // What the carts (the pricing page's, the dashboard's) are told: the refusal's words, before checkout.
    const inside = await getPlansAround({ db: db(), planIds: Object.values(plans).map((plan) => plan.id) });
    const planOf = (id: number) => Object.values(plans).find((plan) => plan.id === id)!;
    for (const planIds of [
      [plans.vip.id, plans.all.id],
      [plans.all.id, plans.signals.id],
      [plans.vip.id, plans.vipCopy.id],
    ]) {
      const total = planIds.reduce((sum, id) => sum + planOf(id).price, 0n);
      const included = planIds.includes(plans.all.id) ? "All-in-One" : "VIP and Copy";
      expect(cartOverlap(planIds.map(planOf), inside)?.note).toBe(`Already included in ${included}`);
      expect(await refusalOf(buy({ userId: member.id, planIds, total, now: BOUGHT }))).toEqual({
        code: "CONFLICT",
        message: `Already included in ${included}`,
      });
      expect(
        await refusalOf(createOrder({ db: db(), userId: member.id, planIds, billingPeriod: "monthly", now: BOUGHT })),
      ).toEqual({ code: "CONFLICT", message: `Already included in ${included}` });
    }
    expect(await subsOf(member.id)).toHaveLength(0);
    expect(await billsOf(member.id)).toHaveLength(0);
    // Plans that share no channel, or a plan without channels, are bought together as before.
    expect(cartOverlap([plans.signals, plans.vip, plans.tools], inside)).toBeNull();
    await buy({
      userId: member.id,
      planIds: [plans.signals.id, plans.vip.id, plans.tools.id],
      total: usdt(137),
      now: BOUGHT,
    });
    expect((await subsOf(member.id)).map((sub) => sub.planId).sort()).toEqual(
      [plans.signals.id, plans.vip.id, plans.tools.id].sort(),
    );
  });

  it("takes a code's discount first, then the credit: list − discount − credit = charged", async () => {
    const plans = await plansWithChats(db());
    const member = await createMember(db(), { balance: usdt(500) });
    const coupon = await makeCoupon(db(), { percentOff: "20" });
    await buy({ userId: member.id, planIds: [plans.vip.id], total: usdt(78), now: BOUGHT });
    // 150 − 30 (20 %) − 52.83 = 67.17
    await buy({
      userId: member.id,
      planIds: [plans.all.id],
      total: usdt(67.17),
      now: day(10),
      couponCode: coupon.code,
    });
    const bill = (await billsOf(member.id)).at(-1)!;
    expect(bill).toMatchObject({ listAmount: usdt(150), discountAmount: usdt(30), creditAmount: usdt(52.83) });
    expect(bill.totalAmount).toBe(bill.listAmount! - bill.discountAmount - bill.creditAmount);
  });

  it("never charges below zero: a credit larger than the new price is cut to it, and no money moves", async () => {
    const plans = await plansWithChats(db());
    const member = await createMember(db(), { balance: usdt(500) });
    // Quarterly VIP: floor(78 × 3 × 0.85) = 198, nearly all of it unused a day later.
    await buy({ userId: member.id, planIds: [plans.vip.id], total: usdt(198), period: "quarterly", now: BOUGHT });
    const before = (await db().select().from(profiles).where(eq(profiles.id, member.id)))[0]!.balance;
    await buy({ userId: member.id, planIds: [plans.all.id], total: 0n, now: day(1) });
    const bill = (await billsOf(member.id)).at(-1)!;
    expect(bill).toMatchObject({
      listAmount: usdt(150),
      creditAmount: usdt(150),
      totalAmount: 0n,
      ledgerReference: null,
    });
    expect((await db().select().from(profiles).where(eq(profiles.id, member.id)))[0]!.balance).toBe(before);
  });

  it("switches a plan to a longer period with the same credit, and refuses a shorter one as already subscribed", async () => {
    const plans = await plansWithChats(db());
    const member = await createMember(db(), { balance: usdt(2000) });
    await buy({ userId: member.id, planIds: [plans.vip.id], total: usdt(78), now: BOUGHT });
    // Quarterly 198 − 52.83 = 145.17
    await buy({ userId: member.id, planIds: [plans.vip.id], total: usdt(145.17), period: "quarterly", now: day(10) });
    const subs = await subsOf(member.id);
    expect(subs.filter((sub) => sub.status === "active").map((sub) => sub.billingPeriod)).toEqual(["quarterly"]);
    expect(await refusalOf(buy({ userId: member.id, planIds: [plans.vip.id], total: usdt(78), now: day(11) }))).toEqual(
      { code: "CONFLICT", message: "Already subscribed to: VIP Signals" },
    );
  });

  it("keeps a lifetime plan when the upgrade is not lifetime", async () => {
    const plans = await plansWithChats(db());
    const member = await createMember(db(), { balance: usdt(2000) });
    await buy({ userId: member.id, planIds: [plans.vip.id], total: usdt(78 * 12), period: "lifetime", now: BOUGHT });
    await buy({ userId: member.id, planIds: [plans.all.id], total: usdt(150), now: day(1) });
    const subs = await subsOf(member.id);
    expect(
      subs
        .filter((sub) => sub.status === "active")
        .map((sub) => sub.planId)
        .sort(),
    ).toEqual([plans.vip.id, plans.all.id].sort());
  });

  it("prices an order with the credit and ends the smaller plan when a deposit pays it", async () => {
    const plans = await plansWithChats(db());
    const member = await createMember(db(), { balance: usdt(78) });
    await buy({ userId: member.id, planIds: [plans.vip.id], total: usdt(78), now: BOUGHT });
    const now = day(10);
    const { orderId, completion } = await createOrder({
      db: db(),
      userId: member.id,
      planIds: [plans.all.id],
      billingPeriod: "monthly",
      now,
    });
    expect(completion.status).toBe("not-covered");
    const { orders } = await import("#server/db/schema");
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ totalAmount: usdt(97.17), creditAmount: usdt(52.83), listAmount: usdt(150) });
    const { completeCoveredOrder } = await import("#server/orders/complete-covered-order");
    const { postLedgerEntry } = await import("#server/billing/ledger");
    await postLedgerEntry({
      tx: db(),
      userId: member.id,
      kind: "deposit",
      amount: usdt(97.17),
      reference: `t:${orderId}`,
    });
    expect((await completeCoveredOrder({ db: db(), userId: member.id, now })).status).toBe("paid");
    const active = (await subsOf(member.id)).filter((sub) => sub.status === "active").map((sub) => sub.planId);
    expect(active).toEqual([plans.all.id]);
  });

  describe.runIf(kind === "postgres")("races", () => {
    it("two upgrades at once: one applies, the smaller plan is credited once", async () => {
      const plans = await plansWithChats(db());
      const member = await createMember(db(), { balance: usdt(1000) });
      await buy({ userId: member.id, planIds: [plans.vip.id], total: usdt(78), now: BOUGHT });
      // VIP and Copy 120 − 52.83 = 67.17; All-in-One 150 − 52.83 = 97.17. Whichever wins, the
      // other is then included in All-in-One or is All-in-One's smaller plan: exactly one applies.
      const outcomes = await Promise.allSettled([
        buy({ userId: member.id, planIds: [plans.all.id], total: usdt(97.17), now: day(10) }),
        buy({ userId: member.id, planIds: [plans.all.id], total: usdt(97.17), now: day(10) }),
        buy({ userId: member.id, planIds: [plans.vipCopy.id], total: usdt(67.17), now: day(10) }),
      ]);
      const applied = outcomes.filter((outcome) => outcome.status === "fulfilled");
      expect(outcomes.filter((o) => o.status === "rejected").every((o) => isAppError(o.reason))).toBe(true);
      const credited = (await billsOf(member.id)).filter((bill) => bill.creditAmount > 0n);
      expect(credited).toHaveLength(1);
      // All-in-One first refuses the other two; VIP and Copy first changes what All-in-One would cost.
      expect(applied).toHaveLength(1);
      const active = (await subsOf(member.id)).filter((sub) => sub.status === "active");
      expect(active.map((sub) => sub.planId)).not.toContain(plans.vip.id);
    });
  });
});
