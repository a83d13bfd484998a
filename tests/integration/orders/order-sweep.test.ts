import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { purchaseMessages } from "#server/billing/messages";
import { orders, pricing } from "#server/db/schema";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { completeCoveredOrder } from "#server/orders/complete-covered-order";
import { createOrder } from "#server/orders/create-order";
import { expireOrders } from "#server/orders/expire-orders";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { failOnce, literal } from "../../helpers/fail-once";
import { captureLogLines } from "../../helpers/log-capture";
import { createVerifiedMember, expectLedgerInvariant } from "../../helpers/members";
import { topUp, usdt } from "./order-fixtures";

/*
 * The orders job's sweep (expire-orders.ts) and what a completion logs. The sweep reads every
 * member's orders, so each test closes the orders it left pending: the next one counts only its own.
 */
describeEachDatabase("the orders job's sweep", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    resetSingleton("logger");
    await expectLedgerInvariant(db());
    await db().update(orders).set({ status: "cancelled", closedAt: new Date() }).where(eq(orders.status, "pending"));
  });

  const statusOf = async (orderId: string) =>
    (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;

  /** A member with a pending order for `plan`, then `balance` paid in without a completion. */
  async function waiting(plan: { id: number }, balance: bigint) {
    const member = await createVerifiedMember(db());
    const { orderId } = await createOrder({
      db: db(),
      userId: member.id,
      planIds: [plan.id],
      billingPeriod: "monthly",
    });
    if (balance > 0n) await topUp(db(), member.id, balance);
    return { userId: member.id, orderId };
  }

  it("completes the orders the balance covers (to the last micro-USDT), as many as its limit allows", async () => {
    const plan = await createPlan(db(), "Sweep", usdt(20));
    const exact = await waiting(plan, usdt(20));
    const more = await waiting(plan, usdt(25));
    const third = await waiting(plan, usdt(30));
    const short = await waiting(plan, usdt(20) - 1n);
    expect(await expireOrders({ db: db(), limit: 2 })).toEqual({ expired: 0, completed: 2 });
    expect(await expireOrders({ db: db(), limit: 2 })).toEqual({ expired: 0, completed: 1 });
    for (const covered of [exact, more, third]) expect(await statusOf(covered.orderId)).toBe("paid");
    expect(await statusOf(short.orderId)).toBe("pending");
    expect(await expireOrders({ db: db() })).toEqual({ expired: 0, completed: 0 });
  });

  it("passes over an order with a problem even once it could complete: the member's step retries it", async () => {
    const plan = await createPlan(db(), "Problem", usdt(10));
    const s = await waiting(plan, 0n);
    await db().update(pricing).set({ published: false }).where(eq(pricing.id, plan.id));
    await topUp(db(), s.userId, usdt(10));
    expect(await expireOrders({ db: db() })).toEqual({ expired: 0, completed: 0 });
    const [row] = await db().select().from(orders).where(eq(orders.id, s.orderId));
    expect(row).toMatchObject({ status: "pending", problem: purchaseMessages.unavailable });
    // The plan back on sale: the sweep still leaves it, the member's own step completes it.
    await db().update(pricing).set({ published: true }).where(eq(pricing.id, plan.id));
    expect(await expireOrders({ db: db() })).toEqual({ expired: 0, completed: 0 });
    expect(await statusOf(s.orderId)).toBe("pending");
    expect((await completeCoveredOrder({ db: db(), userId: s.userId })).status).toBe("paid");
  });

  it("a completion that fails is logged with its member and the sweep goes on to the next", async () => {
    const logged = captureLogLines({ level: "info" });
    setSingleton("logger", logged.log);
    const plan = await createPlan(db(), "Failing", usdt(10));
    const failing = await waiting(plan, usdt(10));
    const fine = await waiting(plan, usdt(10));
    const trigger = await failOnce(db(), { table: "subscriptions", when: `new.user_id = ${literal(failing.userId)}` });
    try {
      expect(await expireOrders({ db: db() })).toEqual({ expired: 0, completed: 1 });
    } finally {
      await trigger.remove();
    }
    expect(await statusOf(failing.orderId)).toBe("pending");
    expect(await statusOf(fine.orderId)).toBe("paid");
    const lines = logged
      .output()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const failed = lines.filter((line) => line.msg === "orders: completing a covered order failed");
    expect(failed).toEqual([expect.objectContaining({ level: 50, userId: failing.userId, err: expect.any(Object) })]);
    expect(lines.filter((line) => line.msg === "order paid")).toEqual([
      expect.objectContaining({ level: 30, userId: fine.userId, orderId: fine.orderId }),
    ]);
  });

  it("a completion logs what it paid or refused, and the order a payment named beside it; nothing else", async () => {
    const logged = captureLogLines({ level: "info" });
    setSingleton("logger", logged.log);
    const plan = await createPlan(db(), "Logged", usdt(10));
    const paid = await waiting(plan, usdt(10));
    await completeCoveredOrder({ db: db(), userId: paid.userId, paidFor: paid.orderId });
    const withdrawn = await createPlan(db(), "Withdrawn", usdt(10));
    const refused = await waiting(withdrawn, usdt(10));
    await db().update(pricing).set({ published: false }).where(eq(pricing.id, withdrawn.id));
    await completeCoveredOrder({ db: db(), userId: refused.userId });
    // Not covered, nothing pending: nothing logged.
    const short = await waiting(plan, 0n);
    await completeCoveredOrder({ db: db(), userId: short.userId, paidFor: short.orderId });
    await completeCoveredOrder({ db: db(), userId: paid.userId });
    const lines = logged
      .output()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const pick = ({ msg, userId, orderId, problem, paidFor }: Record<string, unknown>) => ({
      msg,
      userId,
      orderId,
      problem,
      paidFor,
    });
    expect(lines.map(pick)).toEqual([
      { msg: "order paid", userId: paid.userId, orderId: paid.orderId, problem: undefined, paidFor: paid.orderId },
      {
        msg: "order refused",
        userId: refused.userId,
        orderId: refused.orderId,
        problem: purchaseMessages.unavailable,
        paidFor: undefined,
      },
    ]);
  });
});
