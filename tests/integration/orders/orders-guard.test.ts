import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { ORDER_LIFETIME_DAYS, ORDER_PRICE_HOLD_HOURS, orderReference } from "~/lib/orders";
import type { BillingPeriod } from "~/lib/pricing";
import { followUpCardEvent } from "#server/card-payments/follow-up-card-event";
import { handleStripeEvent } from "#server/card-payments/handle-stripe-event";
import {
  billingHistory,
  cardPayments,
  chainDeposits,
  ledgerEntries,
  memberCarts,
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
import { mergeMemberCart } from "#server/orders/merge-member-cart";
import { saveMemberCart } from "#server/orders/save-member-cart";
import { creditDeposit } from "#server/wallet/credit-deposit";
import { createPlan, usdtTransfer } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { setTestEnv } from "../../helpers/env";
import { failOnce, literal } from "../../helpers/fail-once";
import { randomTronAddress } from "../../helpers/fake-trongrid";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

setTestEnv({ LOG_LEVEL: "silent" });

const usdt = (n: number) => BigInt(n) * 1_000_000n;
const HOUR = 60 * 60 * 1000;
const HOLD_MS = ORDER_PRICE_HOLD_HOURS * HOUR;
const LIFETIME_MS = ORDER_LIFETIME_DAYS * 24 * HOUR;

/*
 * Orders when a credit or a completion fails part-way and is tried again, when one order gets
 * several payments, at the edges of its hold, lifetime and display window, and with a second
 * member's order and cart beside it that nothing the first member does may touch.
 */
describeEachDatabase("orders: failures, repeated payments, bystanders and time bounds", (database) => {
  const db = () => database().db;
  let plan: { id: number; name: string };
  let other: { id: number; name: string };
  let bystander: { id: string; orderId: string };
  let bystanderBefore: Awaited<ReturnType<typeof everything>>;

  afterEach(async () => {
    await expectLedgerInvariant(db());
    expect(await everything(bystander.id)).toEqual(bystanderBefore);
  });

  beforeAll(async () => {
    plan = await createPlan(db(), "Orbit", usdt(40));
    other = await createPlan(db(), "Pulse", usdt(15));
  });

  // Made before each test rather than once: code run in a `beforeAll` belongs to no test, and
  // mutation testing then reruns every test file of the area for each of its mutants.
  beforeEach(async () => {
    // Another member with a pending order partly paid, a kept cart and an active subscription.
    const { id } = await createMember(db(), { balance: usdt(25) });
    expect(
      (await createOrder({ db: db(), userId: id, planIds: [other.id], billingPeriod: "monthly" })).completion.status,
    ).toBe("paid");
    const { orderId } = await createOrder({ db: db(), userId: id, planIds: [plan.id], billingPeriod: "monthly" });
    await saveMemberCart({ db: db(), userId: id, cart: { planIds: [plan.id], billingPeriod: "monthly" } });
    bystander = { id, orderId };
    bystanderBefore = await everything(id);
  });

  /** Every row an order, a credit or a purchase writes for a member. */
  async function everything(userId: string) {
    const [profile] = await db().select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, userId));
    return {
      balance: profile!.balance,
      orders: await db().select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt)),
      cart: await db().select().from(memberCarts).where(eq(memberCarts.userId, userId)),
      ledger: await db()
        .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, reference: ledgerEntries.reference })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId))
        .orderBy(asc(ledgerEntries.id)),
      subscriptions: await db()
        .select({ planId: subscriptions.planId, status: subscriptions.status })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId)),
      keys: (await db().select().from(purchaseRequests).where(eq(purchaseRequests.userId, userId))).map(
        (k) => k.idempotencyKey,
      ),
      deposits: await db()
        .select({ txId: chainDeposits.txId, amount: chainDeposits.amount })
        .from(chainDeposits)
        .where(eq(chainDeposits.userId, userId)),
      billing: await db()
        .select({
          total: billingHistory.totalAmount,
          type: billingHistory.paymentType,
          reference: billingHistory.ledgerReference,
        })
        .from(billingHistory)
        .where(eq(billingHistory.userId, userId))
        .orderBy(asc(billingHistory.totalAmount), asc(billingHistory.ledgerReference)),
      notices: await db()
        .select({ kind: notifications.kind, payload: notifications.payload })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.id)),
    };
  }

  async function orderFor(balance = 0, now = new Date()) {
    const { id } = await createMember(db(), { balance: usdt(balance) });
    const { orderId, completion } = await createOrder({
      db: db(),
      userId: id,
      planIds: [plan.id],
      billingPeriod: "monthly",
      now,
    });
    return { id, orderId, completion };
  }

  it("a completion that fails at its last write leaves no purchase, no idempotency key, the credit kept; the next sweep buys once", async () => {
    const { id, orderId } = await orderFor(10);
    const start = await everything(id);
    const trigger = await failOnce(db(), {
      table: "orders",
      on: "update",
      when: `new.id = ${literal(orderId)} and new.status = 'paid'`,
    });
    // The completion runs in its own transaction after the credit's: its failure keeps the credit.
    expect(await creditDeposit({ db: db(), event: usdtTransfer(randomTronAddress(), usdt(30)), userId: id })).toEqual({
      credited: true,
    });
    const before = await everything(id);
    expect(before.keys).toEqual([]);
    expect(before.orders).toEqual(start.orders);
    expect(before.subscriptions).toEqual([]);
    expect(before.ledger.map((l) => [l.kind, l.amount])).toEqual([
      ...start.ledger.map((l) => [l.kind, l.amount]),
      ["deposit", usdt(30)],
    ]);
    expect(before.balance).toBe(usdt(40));
    // The deposit's message is still held for the completion; without one it goes alone when the hold ends.
    expect(before.notices.map((n) => n.kind)).toEqual(["deposit_credited"]);

    expect(await expireOrders({ db: db() })).toMatchObject({ completed: 1 });
    expect(await expireOrders({ db: db() })).toMatchObject({ completed: 0 });
    const after = await everything(id);
    expect(after.orders.map((o) => o.status)).toEqual(["paid"]);
    expect(after.keys).toEqual([`order:${orderId}`]);
    expect(after.subscriptions).toEqual([{ planId: plan.id, status: "active" }]);
    expect(after.ledger.filter((l) => l.kind === "purchase").map((l) => l.amount)).toEqual([-usdt(40)]);
    expect(after.balance).toBe(0n);
    expect(after.notices.filter((n) => n.kind === "purchase_confirmed")).toHaveLength(1);
    await trigger.remove();
  });

  it("a deposit whose credit fails part-way leaves no deposit row; redelivered it is credited once and completes the order", async () => {
    const { id, orderId } = await orderFor();
    const transfer = usdtTransfer(randomTronAddress(), usdt(40));
    const before = await everything(id);
    const trigger = await failOnce(db(), { table: "notifications", when: `new.user_id = ${literal(id)}` });
    await expect(creditDeposit({ db: db(), event: transfer, userId: id })).rejects.toThrow();
    expect(await everything(id)).toEqual(before);

    expect(await creditDeposit({ db: db(), event: transfer, userId: id })).toMatchObject({
      credited: true,
      completion: { status: "paid", orderId },
    });
    expect(await creditDeposit({ db: db(), event: transfer, userId: id })).toEqual({ credited: false });
    const after = await everything(id);
    expect(after.deposits).toEqual([{ txId: transfer.txId, amount: usdt(40) }]);
    expect(after.ledger.map((l) => [l.kind, l.amount])).toEqual([
      ["deposit", usdt(40)],
      ["purchase", -usdt(40)],
    ]);
    // One message for the deposit that paid the order: what arrived, what it paid, what is left.
    expect(after.notices.map((n) => n.kind)).toEqual(["purchase_confirmed"]);
    expect(after.notices[0]!.payload).toMatchObject({ via: "deposit_credited", arrived: "$40.00", balance: "$0.00" });
    await trigger.remove();
  });

  it("two deposits on one order each keep their own row, ledger entry, invoice and notice; one purchase", async () => {
    const { id, orderId } = await orderFor();
    const first = usdtTransfer(randomTronAddress(), usdt(15));
    const second = usdtTransfer(randomTronAddress(), usdt(30));
    expect((await creditDeposit({ db: db(), event: first, userId: id })).completion).toMatchObject({
      status: "not-covered",
      due: usdt(25),
    });
    expect((await creditDeposit({ db: db(), event: second, userId: id })).completion).toMatchObject({
      status: "paid",
      orderId,
    });
    const after = await everything(id);
    expect(after.deposits).toEqual([
      { txId: first.txId, amount: usdt(15) },
      { txId: second.txId, amount: usdt(30) },
    ]);
    expect(after.ledger.map((l) => [l.kind, l.amount, l.reference])).toEqual([
      ["deposit", usdt(15), `tron:${first.txId}:0`],
      ["deposit", usdt(30), `tron:${second.txId}:0`],
      ["purchase", -usdt(40), expect.any(String)],
    ]);
    expect(after.billing).toEqual([
      { total: usdt(15), type: "USDT TRC-20", reference: `tron:${first.txId}:0` },
      { total: usdt(30), type: "USDT TRC-20", reference: `tron:${second.txId}:0` },
      { total: usdt(40), type: "USDT Balance", reference: expect.stringMatching(/^purchase:/) },
    ]);
    // The first deposit's message says what the order still needs; the second is told in the order's confirmation.
    const reference = orderReference(orderId);
    expect(after.notices.map((n) => [n.kind, n.payload])).toEqual([
      ["deposit_credited", { amount: "$15.00", balance: "$15.00", txId: first.txId, order: reference, due: "$25.00" }],
      [
        "purchase_confirmed",
        expect.objectContaining({ order: reference, via: "deposit_credited", arrived: "$30.00", txId: second.txId }),
      ],
    ]);
    expect(after.keys).toEqual([`order:${orderId}`]);
    expect(after.balance).toBe(usdt(5));
  });

  it("two card payments on one order each keep their own credit, invoice and notice; one purchase", async () => {
    const { id, orderId } = await orderFor();
    const sessions = [];
    const completions = [];
    for (const cents of [1_000, 3_000]) {
      const session = {
        id: `cs_test_${crypto.randomBytes(8).toString("hex")}`,
        mode: "payment",
        payment_status: "paid",
        currency: "usd",
        amount_total: cents,
        client_reference_id: id,
        metadata: { memberId: id, purpose: "order", orderId },
        payment_intent: `pi_test_${crypto.randomBytes(8).toString("hex")}`,
      };
      await db()
        .insert(cardPayments)
        .values({ sessionId: session.id, userId: id, purpose: "order", orderId, amountCents: cents });
      const event = { id: `evt_${session.id}`, type: "checkout.session.completed", data: { object: session } };
      const outcome = await handleStripeEvent({ db: db(), event: event as unknown as Stripe.Event });
      expect(outcome).toEqual({
        outcome: "credited",
        memberId: id,
        orderId,
        credit: { reference: `stripe:${session.id}`, notificationId: expect.any(String) },
      });
      // What the webhook's route does once the event's transaction committed.
      completions.push((await followUpCardEvent({ db: db(), outcome })).completion);
      sessions.push(session.id);
    }
    expect(completions).toMatchObject([
      { status: "not-covered", due: usdt(30) },
      { status: "paid", orderId },
    ]);
    const after = await everything(id);
    expect(after.ledger.map((l) => [l.kind, l.amount, l.reference])).toEqual([
      ["card", usdt(10), `stripe:${sessions[0]}`],
      ["card", usdt(30), `stripe:${sessions[1]}`],
      ["purchase", -usdt(40), expect.any(String)],
    ]);
    expect(after.billing).toEqual([
      { total: usdt(10), type: "Card", reference: `stripe:${sessions[0]}` },
      { total: usdt(30), type: "Card", reference: `stripe:${sessions[1]}` },
      { total: usdt(40), type: "USDT Balance", reference: expect.stringMatching(/^purchase:/) },
    ]);
    // The first payment's message says what the order still needs; the second's is the order's confirmation.
    const reference = orderReference(orderId);
    expect(after.notices.map((n) => [n.kind, n.payload])).toEqual([
      [
        "card_payment_credited",
        { paid: "$10.00 USD", amount: "$10.00", balance: "$10.00", order: reference, due: "$30.00" },
      ],
      [
        "purchase_confirmed",
        expect.objectContaining({
          via: "card_payment_credited",
          arrived: "$30.00",
          cardPaid: "$30.00 USD",
          balance: "$0.00",
        }),
      ],
    ]);
    expect(after.keys).toEqual([`order:${orderId}`]);
  });

  it("what one member does to orders and carts leaves another member's alone", async () => {
    const { id, orderId } = await orderFor();
    // A's new cart cancels A's pending order only.
    const { orderId: second } = await createOrder({
      db: db(),
      userId: id,
      planIds: [other.id],
      billingPeriod: "quarterly",
    });
    expect((await everything(id)).orders.map((o) => [o.id, o.status])).toEqual([
      [orderId, "cancelled"],
      [second, "pending"],
    ]);
    // Another member's order is not A's to cancel or accept.
    await expect(cancelOrder({ db: db(), userId: id, orderId: bystander.orderId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      acceptOrderPrice({ db: db(), userId: id, orderId: bystander.orderId, total: usdt(40) }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await saveMemberCart({ db: db(), userId: id, cart: { planIds: [other.id], billingPeriod: "monthly" } });
    await mergeMemberCart({ db: db(), userId: id, cart: { planIds: [plan.id], billingPeriod: "quarterly" } });
    expect((await everything(id)).cart).toMatchObject([{ planIds: [other.id, plan.id], billingPeriod: "quarterly" }]);
    expect(await cancelOrder({ db: db(), userId: id, orderId: second })).toEqual({ cancelled: true });
    // A sweep long after A's order would have expired: the other member's pending order is younger.
    await createOrder({ db: db(), userId: id, planIds: [plan.id], billingPeriod: "monthly" });
    await db()
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(orders.userId, id), eq(orders.status, "pending")));
    expect((await expireOrders({ db: db() })).expired).toBe(1);
    expect((await everything(id)).orders.at(-1)!.status).toBe("expired");
  });

  it("an order's 24-hour hold, 7-day lifetime and one-day display after closing, to the millisecond", async () => {
    // A month back, so the sweeps at its end never reach the other member's order (made today).
    const now = new Date(Date.now() - 30 * 24 * HOUR);
    const held = await orderFor(0, now);
    const [row] = await db().select().from(orders).where(eq(orders.id, held.orderId));
    expect(row!.pricesHeldUntil.getTime() - now.getTime()).toBe(HOLD_MS);
    expect(row!.expiresAt.getTime() - now.getTime()).toBe(LIFETIME_MS);
    expect(HOLD_MS).toBe(24 * HOUR);
    expect(LIFETIME_MS).toBe(7 * 24 * HOUR);

    // The hold: a price rise is not charged up to its last millisecond, and is at its end.
    const other = await orderFor(0, now);
    await db()
      .update(pricing)
      .set({ price: usdt(44) })
      .where(eq(pricing.id, plan.id));
    try {
      const justBefore = new Date(now.getTime() + HOLD_MS - 1);
      const atEnd = new Date(now.getTime() + HOLD_MS);
      const credit = (userId: string, at: Date) =>
        creditDeposit({ db: db(), event: usdtTransfer(randomTronAddress(), usdt(40)), userId, now: at });
      expect((await credit(held.id, justBefore)).completion).toMatchObject({ status: "paid" });
      expect((await credit(other.id, atEnd)).completion).toEqual({
        status: "awaiting-acceptance",
        orderId: other.orderId,
      });
      const [repriced] = await db().select().from(orders).where(eq(orders.id, other.orderId));
      expect(repriced!.totalAmount).toBe(usdt(44));
      expect(repriced!.pricesHeldUntil.getTime() - atEnd.getTime()).toBe(HOLD_MS);
      expect(repriced!.repricedAt).toEqual(atEnd);
    } finally {
      await db()
        .update(pricing)
        .set({ price: usdt(40) })
        .where(eq(pricing.id, plan.id));
    }

    // The lifetime: pending up to its last millisecond, expired at its end (by the job and by a completion).
    const expiring = await orderFor(0, now);
    const swept = await orderFor(0, now);
    const lastMs = new Date(now.getTime() + LIFETIME_MS - 1);
    const end = new Date(now.getTime() + LIFETIME_MS);
    await expireOrders({ db: db(), now: lastMs });
    expect((await everything(expiring.id)).orders[0]!.status).toBe("pending");
    expect(await completeCoveredOrder({ db: db(), userId: expiring.id, now: lastMs })).toMatchObject({
      status: "not-covered",
    });
    expect(await completeCoveredOrder({ db: db(), userId: expiring.id, now: end })).toEqual({
      status: "expired",
      orderId: expiring.orderId,
    });
    await expireOrders({ db: db(), now: end });
    const [closed] = await db().select().from(orders).where(eq(orders.id, swept.orderId));
    expect(closed).toMatchObject({ status: "expired", closedAt: end });

    // Shown for a day after closing, not a millisecond more; a cancelled one not at all.
    expect(await getOpenOrder({ db: db(), userId: swept.id, now: new Date(end.getTime() + 24 * HOUR) })).toMatchObject({
      order: { id: swept.orderId, status: "expired" },
      due: "0",
    });
    expect(await getOpenOrder({ db: db(), userId: swept.id, now: new Date(end.getTime() + 24 * HOUR + 1) })).toBeNull();
  });

  it("refused steps change nothing: a cart refused keeps the pending order, a refused completion writes no key", async () => {
    const { id, orderId } = await orderFor(40);
    // Bought at once (the balance covered it); a second cart with the same plan is refused.
    await expect(createOrder({ db: db(), userId: id, planIds: [plan.id], billingPeriod: "monthly" })).rejects.toThrow(
      "Already subscribed to: Orbit",
    );
    const { orderId: pending } = await createOrder({
      db: db(),
      userId: id,
      planIds: [other.id],
      billingPeriod: "monthly",
    });
    const before = await everything(id);
    expect(before.orders.map((o) => [o.id, o.status])).toEqual([
      [orderId, "paid"],
      [pending, "pending"],
    ]);
    for (const refused of [
      { planIds: [plan.id, other.id], code: "CONFLICT", message: "Already subscribed to: Orbit" },
      { planIds: [999_999], code: "CONFLICT", message: "no longer available" },
      { planIds: [], code: "VALIDATION", message: "Add a plan to your cart first." },
      // A period the pricing module has no price for: a clear 400, not a TypeError (a 500).
      {
        planIds: [other.id],
        billingPeriod: "yearly",
        code: "VALIDATION",
        message: "Billing period must be monthly, quarterly or lifetime.",
      },
    ]) {
      const billingPeriod = (refused.billingPeriod ?? "monthly") as BillingPeriod;
      const attempt = createOrder({ db: db(), userId: id, planIds: refused.planIds, billingPeriod });
      await expect(attempt).rejects.toMatchObject({
        code: refused.code,
        message: expect.stringContaining(refused.message),
      });
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      expect(await everything(id)).toEqual(before);
    }
    // The withdrawn plan: money in, the completion refused, nothing charged and no key kept.
    await db().update(pricing).set({ published: false }).where(eq(pricing.id, other.id));
    try {
      const purchases = (await everything(id)).ledger.filter((l) => l.kind === "purchase");
      const { completion } = await creditDeposit({
        db: db(),
        event: usdtTransfer(randomTronAddress(), usdt(15)),
        userId: id,
      });
      expect(completion).toMatchObject({ status: "refused", orderId: pending });
      const refused = await everything(id);
      expect(refused.ledger.filter((l) => l.kind === "purchase")).toEqual(purchases);
      expect(refused.keys).not.toContain(`order:${pending}`);
      expect(refused.orders.at(-1)).toMatchObject({ status: "pending", problem: expect.stringContaining("no longer") });
      // Completing again is refused the same way and changes nothing.
      expect(await completeCoveredOrder({ db: db(), userId: id })).toMatchObject({
        status: "refused",
        orderId: pending,
      });
      expect(await everything(id)).toEqual(refused);
      // A wrong total accepted: nothing changes either.
      await expect(acceptOrderPrice({ db: db(), userId: id, orderId: pending, total: usdt(15) })).rejects.toMatchObject(
        {
          code: "CONFLICT",
        },
      );
      expect(await everything(id)).toEqual(refused);
    } finally {
      await db().update(pricing).set({ published: true }).where(eq(pricing.id, other.id));
    }
    expect(await completeCoveredOrder({ db: db(), userId: id })).toMatchObject({ status: "paid", orderId: pending });
    const [paid] = await db().select().from(orders).where(eq(orders.id, pending));
    expect(paid).toMatchObject({ status: "paid", problem: null });
    // Cancelling a paid order is refused and leaves it paid.
    await expect(cancelOrder({ db: db(), userId: id, orderId: pending })).rejects.toThrow("no longer open");
    expect((await everything(id)).orders.at(-1)).toMatchObject({ status: "paid" });
  });
});
