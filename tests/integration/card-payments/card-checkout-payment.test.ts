import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { cardCheckoutPayment } from "#server/card-payments/card-checkout-payment";
import { followUpCardEvent } from "#server/card-payments/follow-up-card-event";
import { orders, pricing, profiles, subscriptions } from "#server/db/schema";
import { createOrder } from "#server/orders/create-order";
import { describeEachDatabase } from "../../helpers/database";
import { setTestEnv } from "../../helpers/env";
import { createMember } from "../../helpers/members";

setTestEnv({ LOG_LEVEL: "silent" });

/*
 * The domain's side of "Pay by card": what a request pays (a top-up, or what is still due on the
 * open order, with the order's refusals), and what follows a credited payment (the order completed,
 * told which order the money was for).
 */
describeEachDatabase("a card payment's rules", (database) => {
  async function memberWithOrder(balance: bigint) {
    const db = database().db;
    const [plan] = await db
      .insert(pricing)
      .values({
        planId: `cc-${crypto.randomUUID().slice(0, 8)}`,
        name: "Card plan",
        price: 49_990_000n,
        published: true,
      })
      .returning();
    const member = await createMember(db, { balance });
    const { orderId } = await createOrder({ db, userId: member.id, planIds: [plan!.id], billingPeriod: "monthly" });
    return { member, orderId, planId: plan!.id };
  }

  it("pays a top-up in whole dollars as cents", async () => {
    const member = await createMember(database().db);
    expect(
      await cardCheckoutPayment({ db: database().db, userId: member.id, request: { purpose: "top_up", amount: 25 } }),
    ).toEqual({ purpose: "top_up", cents: 2_500 });
  });

  it("pays what is still due on the open order, rounded up to the cent, named by its reference", async () => {
    const { member, orderId } = await memberWithOrder(12_345_678n);
    const payment = await cardCheckoutPayment({ db: database().db, userId: member.id, request: { purpose: "order" } });
    expect(payment).toMatchObject({ purpose: "order", orderId, cents: 3_765 });
    expect(payment.purpose === "order" && payment.description).toMatch(/^order ORD-/);
  });

  it("refuses an order payment without an open order, or while changed prices wait to be accepted", async () => {
    const lonely = await createMember(database().db);
    await expect(
      cardCheckoutPayment({ db: database().db, userId: lonely.id, request: { purpose: "order" } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: "You have no open order to pay." });

    const { member, orderId } = await memberWithOrder(0n);
    await database().db.update(orders).set({ repricedAt: new Date() }).where(eq(orders.id, orderId));
    await expect(
      cardCheckoutPayment({ db: database().db, userId: member.id, request: { purpose: "order" } }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: "The order's prices changed: accept the new total before paying.",
    });
  });

  it("refuses an order payment once the order is paid, or while the balance covers an order that cannot complete", async () => {
    const db = database().db;
    // Paid at once from the balance: the order view still shows it for a day, but it is not open.
    const paid = await memberWithOrder(49_990_000n);
    const [closed] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, paid.orderId));
    expect(closed!.status).toBe("paid");
    await expect(
      cardCheckoutPayment({ db, userId: paid.member.id, request: { purpose: "order" } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: "You have no open order to pay." });

    // The balance covers the order, but its plan is now held already: the completion is refused
    // and the order stays pending with nothing due, so a card payment would only add balance.
    const stuck = await memberWithOrder(0n);
    await db.insert(subscriptions).values({
      userId: stuck.member.id,
      planId: stuck.planId,
      billingPeriod: "monthly",
      nextBillingDate: new Date(Date.now() + 86_400_000),
    });
    await db.update(profiles).set({ balance: 49_990_000n }).where(eq(profiles.id, stuck.member.id));
    await expect(
      cardCheckoutPayment({ db, userId: stuck.member.id, request: { purpose: "order" } }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: "Your balance already covers this order." });
  });

  it("completes the order a credited payment now covers, and leaves other outcomes to the alerts", async () => {
    const { member, orderId } = await memberWithOrder(0n);
    const db = database().db;
    const credit = { reference: "stripe:test", notificationId: null };
    expect(
      await followUpCardEvent({ db, outcome: { outcome: "credited", memberId: member.id, orderId, credit } }),
    ).toEqual({
      completion: { status: "not-covered", orderId, due: 49_990_000n },
    });
    await db.update(profiles).set({ balance: 49_990_000n }).where(eq(profiles.id, member.id));
    const { completion } = await followUpCardEvent({
      db,
      outcome: { outcome: "credited", memberId: member.id, orderId, credit },
    });
    expect(completion).toMatchObject({ status: "paid", orderId });
    expect(await followUpCardEvent({ db, outcome: { outcome: "replayed" } })).toEqual({ completion: undefined });
  });
});
