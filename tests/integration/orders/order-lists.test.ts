import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { postLedgerEntry } from "#server/billing/ledger";
import { orders, user } from "#server/db/schema";
import { completeCoveredOrder } from "#server/orders/complete-covered-order";
import { createOrder } from "#server/orders/create-order";
import { getOpenOrder } from "#server/orders/get-open-order";
import { listMemberOrders } from "#server/orders/list-member-orders";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createVerifiedMember, expectLedgerInvariant } from "../../helpers/members";
import { HOUR, insertOrder, usdt } from "./order-fixtures";

/*
 * Which of a member's orders are read, and in what order: the list of their orders (billing
 * history, the back office) and the one the order page shows.
 */
describeEachDatabase("which orders the member reads", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  it("lists the member's own orders newest first (ties by id), a hundred unless told otherwise", async () => {
    const plan = await createPlan(db(), "Hotel", usdt(1));
    const member = await createVerifiedMember(db());
    const other = await createVerifiedMember(db());
    await insertOrder(db(), other.id, { planIds: [plan.id], status: "cancelled" });
    const start = Date.now() - 200 * HOUR;
    await db()
      .insert(orders)
      .values(
        Array.from({ length: 101 }, (_, i) => ({
          userId: member.id,
          status: "cancelled" as const,
          planIds: [plan.id],
          billingPeriod: "monthly" as const,
          totalAmount: usdt(1),
          listAmount: usdt(1),
          pricesHeldUntil: new Date(start),
          expiresAt: new Date(start),
          // Two at each moment, to see the tie broken.
          createdAt: new Date(start + Math.floor(i / 2) * HOUR),
        })),
      );
    const listed = await listMemberOrders({ db: db(), userId: member.id });
    expect(listed).toHaveLength(100);
    const rows = await db()
      .select({ id: orders.id, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.userId, member.id));
    const expected = rows
      .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0))
      .map((row) => row.id);
    expect(listed.map((o) => o.id)).toEqual(expected.slice(0, 100));
    expect((await listMemberOrders({ db: db(), userId: member.id, limit: 3 })).map((o) => o.id)).toEqual(
      expected.slice(0, 3),
    );
    expect(await listMemberOrders({ db: db(), userId: crypto.randomUUID() })).toEqual([]);
  });

  it("the order page: what is due, the latest closed order for a day, a cancelled one never", async () => {
    const plan = await createPlan(db(), "India", usdt(30));
    const member = await createVerifiedMember(db());
    expect(await getOpenOrder({ db: db(), userId: member.id })).toBeNull();
    const { orderId } = await createOrder({
      db: db(),
      userId: member.id,
      planIds: [plan.id],
      billingPeriod: "monthly",
    });
    await postLedgerEntry({
      tx: db(),
      userId: member.id,
      kind: "adjustment",
      amount: usdt(12),
      reference: `t:${orderId}`,
    });
    expect(await getOpenOrder({ db: db(), userId: member.id })).toMatchObject({
      order: { id: orderId, status: "pending" },
      balance: String(usdt(12)),
      due: String(usdt(18)),
    });
    // A new total waiting for the member keeps a covered order pending: nothing is due, not a negative amount.
    await db().update(orders).set({ repricedAt: new Date() }).where(eq(orders.id, orderId));
    await postLedgerEntry({
      tx: db(),
      userId: member.id,
      kind: "adjustment",
      amount: usdt(30),
      reference: `u:${orderId}`,
    });
    expect(await getOpenOrder({ db: db(), userId: member.id })).toMatchObject({ balance: String(usdt(42)), due: "0" });

    // Closed: the latest closed in the last day shows; a cancelled one does not.
    await db()
      .update(orders)
      .set({ status: "expired", closedAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(orders.id, orderId));
    const later = await insertOrder(db(), member.id, {
      planIds: [plan.id],
      status: "expired",
      closedAt: new Date(Date.now() - HOUR),
    });
    expect((await getOpenOrder({ db: db(), userId: member.id }))!.order.id).toBe(later.id);
    await db().update(orders).set({ status: "cancelled" }).where(eq(orders.id, later.id));
    expect((await getOpenOrder({ db: db(), userId: member.id }))!.order.id).toBe(orderId);
    await db().update(orders).set({ status: "cancelled" }).where(eq(orders.userId, member.id));
    expect(await getOpenOrder({ db: db(), userId: member.id })).toBeNull();
  });

  it("an account without a profile (being deleted) has nothing completed and reads a balance of 0", async () => {
    const plan = await createPlan(db(), "Juliett", usdt(8));
    const id = crypto.randomUUID();
    await db()
      .insert(user)
      .values({ id, name: "No profile", email: `no-profile-${id.slice(0, 8)}@example.com` });
    const row = await insertOrder(db(), id, { planIds: [plan.id], totalAmount: usdt(8), listAmount: usdt(8) });
    expect(await completeCoveredOrder({ db: db(), userId: id })).toEqual({ status: "none" });
    expect(await getOpenOrder({ db: db(), userId: id })).toMatchObject({
      order: { id: row.id, status: "pending" },
      balance: "0",
      due: String(usdt(8)),
    });
    const [still] = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.id, row.id), eq(orders.status, "pending")));
    expect(still).toBeDefined();
  });
});
