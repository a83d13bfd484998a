import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { orderReference } from "~/lib/orders";
import { postLedgerEntry } from "#server/billing/ledger";
import { orders, subscriptions } from "#server/db/schema";
import { completeCoveredOrder } from "#server/orders/complete-covered-order";
import { createOrder } from "#server/orders/create-order";
import { listMemberOrders } from "#server/orders/list-member-orders";
import { toMemberOrders } from "#server/orders/to-member-order";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createVerifiedMember, expectLedgerInvariant } from "../../helpers/members";
import { makeCoupon } from "../coupons/coupon-fixtures";
import { DAY, HOUR, insertOrder, usdt } from "./order-fixtures";

/*
 * An order as the member reads it (to-member-order.ts), through the list of their orders and the
 * order page's view: every field, what paid it and until when its plans run, and only their own.
 */
describeEachDatabase("orders as the member reads them", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  /** Credits the member with a ledger row of `kind` and completes their order as that credit's arrival. */
  async function payWith(userId: string, kind: "deposit" | "card" | "adjustment" | "referral", amount: bigint) {
    const reference = `test:${kind}:${crypto.randomUUID()}`;
    await postLedgerEntry({ tx: db(), userId, kind, amount, reference, memo: "test credit" });
    const done = await completeCoveredOrder({ db: db(), userId, credit: { reference, notificationId: null } });
    expect(done.status).toBe("paid");
    return reference;
  }

  it("a pending order with a code: every field as the member reads it, plans in the order chosen", async () => {
    const [a, b] = [await createPlan(db(), "Anchor", usdt(40)), await createPlan(db(), "Beacon", usdt(20))];
    const member = await createVerifiedMember(db());
    const coupon = await makeCoupon(db(), { percentOff: "50" });
    const now = new Date(Date.now() - HOUR);
    const { orderId } = await createOrder({
      db: db(),
      userId: member.id,
      planIds: [b.id, a.id],
      billingPeriod: "monthly",
      couponCode: coupon.code,
      now,
    });
    expect(await listMemberOrders({ db: db(), userId: member.id })).toEqual([
      {
        id: orderId,
        reference: orderReference(orderId),
        status: "pending",
        plans: [
          { id: b.id, name: "Beacon" },
          { id: a.id, name: "Anchor" },
        ],
        billingPeriod: "monthly",
        total: String(usdt(30)),
        takenOff: {
          list: String(usdt(60)),
          discount: String(usdt(30)),
          couponCode: coupon.code,
          credit: "0",
          creditNote: null,
        },
        createdAt: now.toISOString(),
        pricesHeldUntil: new Date(now.getTime() + DAY).toISOString(),
        expiresAt: new Date(now.getTime() + 7 * DAY).toISOString(),
        closedAt: null,
        repriced: false,
        problem: null,
        paidBy: null,
        activeUntil: null,
      },
    ]);
  });

  it("nothing taken off reads as null; a credit alone, its note; a plan no longer listed keeps a name; states as they are", async () => {
    const plan = await createPlan(db(), "Compass", usdt(10));
    const member = await createVerifiedMember(db());
    const closedAt = new Date(Date.now() - 2 * HOUR);
    const plain = await insertOrder(db(), member.id, {
      planIds: [plan.id],
      status: "expired",
      closedAt,
      createdAt: new Date(Date.now() - 3 * HOUR),
    });
    const line = { planId: plan.id, name: "Compass", listPrice: "10000000", discount: "0", charged: "6000000" };
    const credited = await insertOrder(db(), member.id, {
      planIds: [plan.id, 987_654],
      totalAmount: usdt(6),
      creditAmount: usdt(4),
      lines: [{ ...line, credit: "4000000", creditNote: "Credit for Dial's remaining days" }],
      repricedAt: new Date(),
      problem: "Already subscribed to: Compass",
      createdAt: new Date(Date.now() - HOUR),
    });
    const [newest, oldest] = await listMemberOrders({ db: db(), userId: member.id });
    expect(oldest).toMatchObject({
      id: plain.id,
      status: "expired",
      takenOff: null,
      closedAt: closedAt.toISOString(),
      repriced: false,
    });
    expect(newest).toMatchObject({
      id: credited.id,
      plans: [
        { id: plan.id, name: "Compass" },
        { id: 987_654, name: "Plan 987654" },
      ],
      total: String(usdt(6)),
      takenOff: {
        list: String(usdt(10)),
        discount: "0",
        couponCode: null,
        credit: String(usdt(4)),
        creditNote: "Credit for Dial's remaining days",
      },
      repriced: true,
      problem: "Already subscribed to: Compass",
      closedAt: null,
    });
  });

  it("a paid order says how the credit that paid it came and its amount, and until when its plans run", async () => {
    const plans = [await createPlan(db(), "Delta", usdt(5)), await createPlan(db(), "Echo", usdt(5))];
    const ways = [
      ["deposit", "deposit"],
      ["card", "card"],
      ["adjustment", "credit"],
      ["referral", null],
    ] as const;
    for (const [kind, via] of ways) {
      const member = await createVerifiedMember(db());
      // A bystander holds the same plans active, running out sooner: never part of this member's order.
      const bystander = await createVerifiedMember(db(), { balance: usdt(10) });
      const theirEnd = new Date(Date.now() + DAY);
      await createOrder({ db: db(), userId: bystander.id, planIds: plans.map((p) => p.id), billingPeriod: "monthly" });
      await db().update(subscriptions).set({ nextBillingDate: theirEnd }).where(eq(subscriptions.userId, bystander.id));

      const { orderId } = await createOrder({
        db: db(),
        userId: member.id,
        planIds: plans.map((p) => p.id),
        billingPeriod: "monthly",
      });
      await payWith(member.id, kind, usdt(12));
      const subs = await db().select().from(subscriptions).where(eq(subscriptions.userId, member.id));
      // The first plan runs out sooner than the second: the order's plans run until the sooner date.
      const sooner = new Date(Date.now() + 10 * DAY);
      await db().update(subscriptions).set({ nextBillingDate: sooner }).where(eq(subscriptions.id, subs[0]!.id));
      // A plan outside the order, and one no longer active, running out sooner still: not counted.
      const outside = await createPlan(db(), "Foxtrot", usdt(1));
      await db()
        .insert(subscriptions)
        .values([
          {
            userId: member.id,
            planId: outside.id,
            billingPeriod: "monthly",
            nextBillingDate: new Date(Date.now() + DAY),
          },
          {
            userId: member.id,
            planId: plans[1]!.id,
            billingPeriod: "monthly",
            nextBillingDate: new Date(Date.now() + 2 * DAY),
            status: "cancelled",
          },
        ]);

      const [read] = await listMemberOrders({ db: db(), userId: member.id });
      expect(read, kind).toMatchObject({
        id: orderId,
        status: "paid",
        paidBy: via ? { via, amount: String(usdt(12)) } : null,
        activeUntil: sooner.toISOString().slice(0, 10),
      });
      // Read together with the bystander's paid order, each order counts only its own member's plans.
      const paidRows = await db()
        .select()
        .from(orders)
        .where(and(inArray(orders.userId, [member.id, bystander.id]), eq(orders.status, "paid")));
      const together = await toMemberOrders({ db: db(), rows: paidRows });
      expect(together.find((o) => o.id === orderId)!.activeUntil, kind).toBe(sooner.toISOString().slice(0, 10));
      expect(together.find((o) => o.id !== orderId)!.activeUntil, kind).toBe(theirEnd.toISOString().slice(0, 10));
      // Ended, the plans no longer run: the order says nothing of until when.
      await db().update(subscriptions).set({ status: "cancelled" }).where(eq(subscriptions.userId, member.id));
      expect((await listMemberOrders({ db: db(), userId: member.id }))[0]!.activeUntil, kind).toBeNull();
    }
  });

  it("paid by the member's own step (no credit named), or for a lifetime plan: no credit, no end date", async () => {
    const plan = await createPlan(db(), "Golf", usdt(5));
    const member = await createVerifiedMember(db(), { balance: usdt(100) });
    const { completion } = await createOrder({
      db: db(),
      userId: member.id,
      planIds: [plan.id],
      billingPeriod: "lifetime",
    });
    expect(completion.status).toBe("paid");
    const [read] = await listMemberOrders({ db: db(), userId: member.id });
    expect(read).toMatchObject({ status: "paid", paidBy: null, activeUntil: null });
    // A pending order beside an active plan of its own: not paid, so neither is said.
    const again = await insertOrder(db(), member.id, {
      planIds: [plan.id],
      paidByReference: `test:opening:${member.id}`,
    });
    expect((await listMemberOrders({ db: db(), userId: member.id }))[0]).toMatchObject({
      id: again.id,
      status: "pending",
      paidBy: null,
      activeUntil: null,
    });
  });
});
