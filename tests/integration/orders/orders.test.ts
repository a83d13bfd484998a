import crypto from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { priceFor } from "~/lib/pricing";
import {
  billingHistory,
  ledgerEntries,
  notifications,
  orders,
  pricing,
  profiles,
  purchaseRequests,
  subscriptions,
} from "#server/db/schema";
import { AppError } from "#server/lib/errors";
import { acceptOrderPrice } from "#server/orders/accept-order-price";
import { cancelOrder } from "#server/orders/cancel-order";
import { completeCoveredOrder } from "#server/orders/complete-covered-order";
import { createOrder } from "#server/orders/create-order";
import { expireOrders } from "#server/orders/expire-orders";
import { getOpenOrder } from "#server/orders/get-open-order";
import { adjustMemberBalanceByStaff } from "#server/staff/members/adjust-member-balance";
import { creditDeposit } from "#server/wallet/credit-deposit";
import { createPlan, usdtTransfer } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { failOnce, literal } from "../../helpers/fail-once";
import { randomTronAddress } from "../../helpers/fake-trongrid";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

const usdt = (n: number) => BigInt(n) * 1_000_000n;
const HOUR = 60 * 60 * 1000;

describeEachDatabase("orders", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  async function state(userId: string) {
    const [profile] = await db().select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, userId));
    return {
      balance: profile!.balance,
      orders: await db()
        .select({ status: orders.status, total: orders.totalAmount })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(orders.createdAt),
      subscriptions: await db()
        .select({ planId: subscriptions.planId, status: subscriptions.status })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId)),
      purchases: await db()
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, "purchase"))),
    };
  }

  /** A deposit credited, and what the completion that follows it in its own transaction did. */
  async function payIn(userId: string, amount: bigint, now?: Date) {
    const credit = await creditDeposit({ db: db(), event: usdtTransfer(randomTronAddress(), amount), userId, now });
    expect(credit.credited).toBe(true);
    return credit.completion!;
  }

  it("prices the cart with the pricing module, holds it 24 hours, and a new cart replaces the pending order", async () => {
    const a = await createPlan(db(), "Alpha", usdt(50));
    const b = await createPlan(db(), "Beta", usdt(30));
    const { id } = await createMember(db());
    const now = new Date();
    const first = await createOrder({ db: db(), userId: id, planIds: [a.id, b.id], billingPeriod: "quarterly", now });
    // Each plan priced on its own (quarterly floors per plan), as the cart shows it.
    const total = priceFor(usdt(50), "quarterly") + priceFor(usdt(30), "quarterly");
    expect(first.completion).toMatchObject({ status: "not-covered", due: total });
    const [row] = await db().select().from(orders).where(eq(orders.id, first.orderId));
    expect(row).toMatchObject({
      status: "pending",
      planIds: [a.id, b.id],
      billingPeriod: "quarterly",
      totalAmount: total,
    });
    expect(row!.pricesHeldUntil.getTime() - now.getTime()).toBe(24 * HOUR);

    const second = await createOrder({ db: db(), userId: id, planIds: [b.id], billingPeriod: "monthly" });
    expect((await state(id)).orders).toEqual([
      { status: "cancelled", total: row!.totalAmount },
      { status: "pending", total: usdt(30) },
    ]);
    const view = await getOpenOrder({ db: db(), userId: id });
    expect(view).toMatchObject({ order: { id: second.orderId, status: "pending", total: String(usdt(30)) } });
    expect(view!.order.plans).toEqual([{ id: b.id, name: "Beta" }]);
    expect(view!.due).toBe(String(usdt(30)));
  });

  it("refuses a cart with a plan already active, as a purchase would", async () => {
    const a = await createPlan(db(), "Gamma", usdt(10));
    const { id } = await createMember(db(), { balance: usdt(10) });
    expect(
      (await createOrder({ db: db(), userId: id, planIds: [a.id], billingPeriod: "monthly" })).completion.status,
    ).toBe("paid");
    await expect(createOrder({ db: db(), userId: id, planIds: [a.id], billingPeriod: "monthly" })).rejects.toThrow(
      "Already subscribed to: Gamma",
    );
  });

  it("completes once the deposits cover it: one purchase, the subscription active, the member notified", async () => {
    const a = await createPlan(db(), "Delta", usdt(40));
    const { id } = await createMember(db());
    const { orderId } = await createOrder({ db: db(), userId: id, planIds: [a.id], billingPeriod: "monthly" });
    expect(await payIn(id, usdt(15))).toMatchObject({ status: "not-covered", due: usdt(25) });
    expect(await payIn(id, usdt(30))).toMatchObject({ status: "paid", orderId, newBalance: String(usdt(5)) });
    expect(await completeCoveredOrder({ db: db(), userId: id })).toEqual({ status: "none" });
    expect(await state(id)).toMatchObject({
      balance: usdt(5),
      orders: [{ status: "paid", total: usdt(40) }],
      subscriptions: [{ planId: a.id, status: "active" }],
      purchases: [{ amount: -usdt(40) }],
    });
    const keys = await db().select().from(purchaseRequests).where(eq(purchaseRequests.userId, id));
    expect(keys.map((k) => k.idempotencyKey)).toEqual([`order:${orderId}`]);
    const kinds = await db()
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, id));
    // The first deposit's message says what it left; the second's is the order's confirmation.
    expect(kinds.map((n) => n.kind).sort()).toEqual(["deposit_credited", "purchase_confirmed"]);
  });

  it("two deposits landing at once complete the order once", async () => {
    const a = await createPlan(db(), "Epsilon", usdt(20));
    const { id } = await createMember(db());
    await createOrder({ db: db(), userId: id, planIds: [a.id], billingPeriod: "monthly" });
    const results = await Promise.all([payIn(id, usdt(20)), payIn(id, usdt(20))]);
    expect(results.map((r) => r.status).sort()).toEqual(["none", "paid"]);
    // More instances sweeping at the same moment change nothing.
    const sweeps = await Promise.all([1, 2, 3, 4].map(() => completeCoveredOrder({ db: db(), userId: id })));
    expect(sweeps.every((r) => r.status === "none")).toBe(true);
    expect(await state(id)).toMatchObject({
      balance: usdt(20),
      orders: [{ status: "paid" }],
      subscriptions: [{ planId: a.id, status: "active" }],
      purchases: [{ amount: -usdt(20) }],
    });
  });

  it("an order left unpaid expires and the money already paid in stays as balance", async () => {
    const a = await createPlan(db(), "Zeta", usdt(100));
    const { id } = await createMember(db());
    const now = new Date();
    await createOrder({ db: db(), userId: id, planIds: [a.id], billingPeriod: "monthly", now });
    await payIn(id, usdt(60));
    await expireOrders({ db: db(), now: new Date(now.getTime() + 6 * 24 * HOUR) });
    expect((await state(id)).orders).toEqual([{ status: "pending", total: usdt(100) }]);
    await expireOrders({ db: db(), now: new Date(now.getTime() + 7 * 24 * HOUR) });
    expect(await state(id)).toMatchObject({
      balance: usdt(60),
      orders: [{ status: "expired" }],
      subscriptions: [],
      purchases: [],
    });
    // Money arriving after the expiry buys nothing.
    expect(await payIn(id, usdt(60))).toEqual({ status: "none" });
  });

  it("charges the held total while the hold lasts, even when the plan's price changed", async () => {
    const a = await createPlan(db(), "Eta", usdt(25));
    const { id } = await createMember(db());
    const now = new Date();
    await createOrder({ db: db(), userId: id, planIds: [a.id], billingPeriod: "monthly", now });
    await db()
      .update(pricing)
      .set({ price: usdt(35) })
      .where(eq(pricing.id, a.id));
    const done = await payIn(id, usdt(25), new Date(now.getTime() + 23 * HOUR));
    expect(done.status).toBe("paid");
    expect((await state(id)).purchases).toEqual([{ amount: -usdt(25) }]);
    // The invoice shows the held line as it was priced, not the plan's price now.
    const [bill] = await db()
      .select()
      .from(billingHistory)
      .where(and(eq(billingHistory.userId, id), isNotNull(billingHistory.planNames)));
    expect(bill).toMatchObject({ totalAmount: usdt(25), listAmount: usdt(25), discountAmount: 0n, creditAmount: 0n });
    expect(bill!.lines).toEqual([
      { planId: a.id, name: "Eta", listPrice: "25000000", discount: "0", credit: "0", charged: "25000000" },
    ]);
  });

  it("an order made before lines were kept is priced again before it is charged", async () => {
    const a = await createPlan(db(), "Kappa", usdt(20));
    const { id } = await createMember(db());
    const now = new Date();
    const { orderId } = await createOrder({ db: db(), userId: id, planIds: [a.id], billingPeriod: "monthly", now });
    await db().update(orders).set({ lines: null }).where(eq(orders.id, orderId));
    await db()
      .update(pricing)
      .set({ price: usdt(22) })
      .where(eq(pricing.id, a.id));
    // Still within its hold, but it holds no lines: the new price waits for the member.
    expect(await payIn(id, usdt(30), now)).toEqual({
      status: "awaiting-acceptance",
      orderId,
    });
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ totalAmount: usdt(22), listAmount: usdt(22) });
    expect(row!.lines).toHaveLength(1);
    expect((await state(id)).purchases).toEqual([]);
  });

  it("prices a lapsed order again and never charges the new price before the member accepts it", async () => {
    const a = await createPlan(db(), "Theta", usdt(25));
    const { id } = await createMember(db());
    const now = new Date();
    const { orderId } = await createOrder({ db: db(), userId: id, planIds: [a.id], billingPeriod: "monthly", now });
    await db()
      .update(pricing)
      .set({ price: usdt(30) })
      .where(eq(pricing.id, a.id));
    const later = new Date(now.getTime() + 25 * HOUR);
    expect(await payIn(id, usdt(40), later)).toEqual({
      status: "awaiting-acceptance",
      orderId,
    });
    const view = await getOpenOrder({ db: db(), userId: id, now: later });
    expect(view!.order).toMatchObject({ status: "pending", total: String(usdt(30)), repriced: true });
    expect((await state(id)).purchases).toEqual([]);
    // Accepting a figure the member was not shown accepts nothing.
    await expect(acceptOrderPrice({ db: db(), userId: id, orderId, total: usdt(25), now: later })).rejects.toThrow(
      AppError,
    );
    expect(await acceptOrderPrice({ db: db(), userId: id, orderId, total: usdt(30), now: later })).toMatchObject({
      status: "paid",
    });
    expect(await state(id)).toMatchObject({ balance: usdt(10), purchases: [{ amount: -usdt(30) }] });
  });

  it("a lapsed order whose price did not change is held again and charged", async () => {
    const a = await createPlan(db(), "Iota", usdt(12));
    const { id } = await createMember(db());
    const now = new Date();
    await createOrder({ db: db(), userId: id, planIds: [a.id], billingPeriod: "monthly", now });
    expect((await payIn(id, usdt(12), new Date(now.getTime() + 30 * HOUR))).status).toBe("paid");
  });

  it("keeps the purchase's refusals: a withdrawn plan leaves the order pending with the reason, nothing charged", async () => {
    const a = await createPlan(db(), "Kappa", usdt(10));
    const { id } = await createMember(db());
    await createOrder({ db: db(), userId: id, planIds: [a.id], billingPeriod: "monthly" });
    await db().update(pricing).set({ published: false }).where(eq(pricing.id, a.id));
    expect(await payIn(id, usdt(10))).toMatchObject({
      status: "refused",
      problem: expect.stringContaining("no longer"),
    });
    const view = await getOpenOrder({ db: db(), userId: id });
    expect(view!.order.problem).toMatch(/no longer available/);
    expect(await state(id)).toMatchObject({ balance: usdt(10), orders: [{ status: "pending" }], purchases: [] });
  });

  it("the member cancels an order; money paid in stays, later money buys nothing", async () => {
    const a = await createPlan(db(), "Lambda", usdt(10));
    const { id } = await createMember(db());
    const other = await createMember(db());
    const { orderId } = await createOrder({ db: db(), userId: id, planIds: [a.id], billingPeriod: "monthly" });
    await expect(cancelOrder({ db: db(), userId: other.id, orderId })).rejects.toThrow("no longer exists");
    expect(await cancelOrder({ db: db(), userId: id, orderId })).toEqual({ cancelled: true });
    await expect(cancelOrder({ db: db(), userId: id, orderId })).rejects.toThrow("no longer open");
    expect(await payIn(id, usdt(10))).toEqual({ status: "none" });
    expect(await state(id)).toMatchObject({ balance: usdt(10), orders: [{ status: "cancelled" }], purchases: [] });
  });

  describe("credits from elsewhere", () => {
    it("an operator's credit from the back office completes the order", async () => {
      const a = await createPlan(db(), "Mu", usdt(10));
      const { id } = await createMember(db());
      await createOrder({ db: db(), userId: id, planIds: [a.id], billingPeriod: "monthly" });
      const result = await adjustMemberBalanceByStaff({
        db: db(),
        memberId: id,
        direction: "credit",
        amount: usdt(12),
        reason: "goodwill",
        key: crypto.randomUUID(),
        actor: { userId: null, label: "test", role: "owner" },
      });
      expect(result).toMatchObject({ applied: true, balance: String(usdt(2)) });
      expect((await state(id)).orders).toEqual([{ status: "paid", total: usdt(10) }]);
    });

    it("the orders job sweeps a covered order a crash left pending", async () => {
      const a = await createPlan(db(), "Nu", usdt(10));
      const { id } = await createMember(db());
      await createOrder({ db: db(), userId: id, planIds: [a.id], billingPeriod: "monthly" });
      // The completion after the credit fails: the credit stands all the same.
      const failing = await failOnce(db(), { table: "subscriptions", when: `new.user_id = ${literal(id)}` });
      const credit = await creditDeposit({ db: db(), event: usdtTransfer(randomTronAddress(), usdt(10)), userId: id });
      await failing.remove();
      expect(credit).toEqual({ credited: true });
      expect(await state(id)).toMatchObject({ balance: usdt(10), orders: [{ status: "pending" }], purchases: [] });
      expect((await expireOrders({ db: db() })).completed).toBeGreaterThanOrEqual(1);
      expect((await state(id)).orders).toEqual([{ status: "paid", total: usdt(10) }]);
    });
  });
});
