import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { grantComplimentary } from "#server/billing/grant-complimentary";
import { postLedgerEntry } from "#server/billing/ledger";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { renewSubscription } from "#server/billing/renew-subscription";
import { listBillingHistory } from "#server/dashboard/list-billing-history";
import { billingHistory, notifications, profiles, subscriptions } from "#server/db/schema";
import { cancelOrder } from "#server/orders/cancel-order";
import { createOrder } from "#server/orders/create-order";
import { adjustMemberBalanceByStaff } from "#server/staff/members/adjust-member-balance";
import { createPlan, creditTransfer, depositFor } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

const usdt = (n: number) => BigInt(Math.round(n * 1_000_000));
const DAY = 24 * 60 * 60 * 1000;
const actor = { userId: null, label: "olga@staff.example", role: "owner" };

describeEachDatabase("billing history as a statement", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  async function balanceOf(userId: string) {
    const [row] = await db().select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, userId));
    return row!.balance;
  }

  it("one row per money event, signed, each with the exact balance after it, a paid order folded into its purchase", async () => {
    const alpha = await createPlan(db(), "Alpha", usdt(10.5));
    const beta = await createPlan(db(), "Beta", usdt(3.333333));
    const gift = await createPlan(db(), "Gift", usdt(7));
    const { id } = await createMember(db());

    // A deposit of 7.000001, an operator's credit and debit, an order covered by a second deposit.
    const txId = await creditTransfer(db(), id, usdt(7.000001));
    await adjustMemberBalanceByStaff({
      db: db(),
      memberId: id,
      direction: "credit",
      amount: usdt(2.5),
      reason: "Goodwill",
      key: "k1",
      actor,
    });
    await adjustMemberBalanceByStaff({
      db: db(),
      memberId: id,
      direction: "debit",
      amount: usdt(0.25),
      reason: "Correction",
      key: "k2",
      actor,
    });
    const cancelled = await createOrder({ db: db(), userId: id, planIds: [gift.id], billingPeriod: "lifetime" });
    await cancelOrder({ db: db(), userId: id, orderId: cancelled.orderId });
    const order = await createOrder({ db: db(), userId: id, planIds: [alpha.id], billingPeriod: "monthly" });
    expect(order.completion.status).toBe("not-covered");
    expect((await depositFor(db(), id, usdt(5))).completion?.status).toBe("paid");

    // A purchase 40 days ago whose renewal is charged now, a card payment and its refund, a gift.
    await postLedgerEntry({ tx: db(), userId: id, kind: "card", amount: usdt(20), reference: `card:${id}` });
    await purchaseSubscriptions({
      db: db(),
      userId: id,
      planIds: [beta.id],
      billingPeriod: "monthly",
      totalAmount: usdt(3.333333),
      idempotencyKey: crypto.randomUUID(),
      now: new Date(Date.now() - 40 * DAY),
    });
    const [betaSub] = await db().select().from(subscriptions).where(eq(subscriptions.planId, beta.id));
    expect(await renewSubscription({ db: db(), subscriptionId: betaSub!.id, now: new Date() })).toBe("charged");
    await postLedgerEntry({ tx: db(), userId: id, kind: "card", amount: -usdt(4), reference: `stripe:refund:${id}` });
    await grantComplimentary({ db: db(), memberId: id, planId: gift.id, length: { period: "days", days: 30 } });

    const rows = await listBillingHistory({ db: db(), userId: id });
    const oldestFirst = [...rows].reverse();
    expect(oldestFirst.map((row) => [row.kind, row.amount, row.status])).toEqual([
      ["deposit", String(usdt(7.000001)), "paid"],
      ["adjustment", String(usdt(2.5)), "paid"],
      ["adjustment", String(-usdt(0.25)), "paid"],
      ["order", null, "cancelled"],
      ["deposit", String(usdt(5)), "paid"],
      ["purchase", String(-usdt(10.5)), "paid"],
      ["card", String(usdt(20)), "paid"],
      ["purchase", String(-usdt(3.333333)), "paid"],
      ["renewal", String(-usdt(3.333333)), "paid"],
      ["refund", String(-usdt(4)), "paid"],
      ["complimentary", null, "paid"],
    ]);

    // The balance after each row is the one before plus its amount, to the micro-USDT; a row that
    // moved no money has none. The newest balance shown is the member's balance.
    let running = 0n;
    for (const row of oldestFirst) {
      if (row.amount !== null) running += BigInt(row.amount);
      expect(row.balanceAfter).toBe(row.amount === null ? null : String(running));
    }
    expect(rows.find((row) => row.balanceAfter !== null)!.balanceAfter).toBe(String(await balanceOf(id)));
    expect(await balanceOf(id)).toBe(usdt(7.000001 + 2.5 - 0.25 + 5 - 10.5 + 20 - 3.333333 * 2 - 4));

    // The paid order is its purchase's row (no row of its own); the cancelled one keeps its own.
    const purchase = oldestFirst[5]!;
    expect(purchase.order).toEqual({ reference: expect.stringMatching(/^ORD-[0-9A-F]{8}$/) });
    expect(purchase.invoiceId).toMatch(/^INV-/);
    expect(rows.filter((row) => row.kind === "order")).toHaveLength(1);

    // What each row says: the deposit's transaction, the operator's credit is not a TRC-20 deposit.
    expect(oldestFirst[0]).toMatchObject({ paymentType: "USDT TRC-20", transaction: { hash: txId } });
    expect(oldestFirst[1]).toMatchObject({ paymentType: "Balance adjustment", description: "Goodwill" });
    expect(oldestFirst[1]!.transaction).toBeNull();
    // The operator's debit has its billing row too: its invoice id and reason, the amount signed from the ledger.
    expect(oldestFirst[2]).toMatchObject({
      paymentType: "Balance adjustment",
      description: "Correction",
      invoiceId: expect.stringMatching(/^ADJ-[0-9A-F]{10}$/),
      totalAmount: String(usdt(0.25)),
      receiptPath: null,
    });
    expect(oldestFirst[9]).toMatchObject({ paymentType: "Card", description: "Card refund", invoiceId: null });
    expect(JSON.stringify(rows)).not.toContain("olga@staff");
    const notes = await db().select().from(notifications).where(eq(notifications.userId, id));
    expect(notes.filter((note) => note.kind === "balance_credited")).toHaveLength(1);
    // The second deposit paid the order: its message is the order's confirmation, saying what arrived.
    expect(notes.filter((note) => note.kind === "deposit_credited")).toHaveLength(1);
    expect(notes.find((note) => note.payload.via === "deposit_credited")).toMatchObject({
      kind: "purchase_confirmed",
      payload: { arrived: "$5.00" },
    });
  });

  it("a failed renewal is a row that moved no money; another member's rows never show", async () => {
    const plan = await createPlan(db(), "Gamma", usdt(9));
    const { id } = await createMember(db(), { balance: usdt(9) });
    const other = await createMember(db(), { balance: usdt(1) });
    await purchaseSubscriptions({
      db: db(),
      userId: id,
      planIds: [plan.id],
      billingPeriod: "monthly",
      totalAmount: usdt(9),
      idempotencyKey: crypto.randomUUID(),
      now: new Date(Date.now() - 40 * DAY),
    });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, id));
    expect(await renewSubscription({ db: db(), subscriptionId: sub!.id, now: new Date() })).toBe("failed");
    const rows = await listBillingHistory({ db: db(), userId: id });
    expect(rows.map((row) => [row.kind, row.status, row.amount, row.totalAmount, row.balanceAfter])).toEqual([
      ["renewal", "failed", null, String(usdt(9)), null],
      ["purchase", "paid", String(-usdt(9)), String(usdt(9)), "0"],
      ["adjustment", "paid", String(usdt(9)), String(usdt(9)), String(usdt(9))],
    ]);
    const [failed] = await db().select().from(billingHistory).where(eq(billingHistory.status, "failed"));
    expect(failed).toMatchObject({ ledgerReference: null, planNames: ["Gamma"], billingPeriod: "monthly" });
    expect(await listBillingHistory({ db: db(), userId: other.id })).toMatchObject([
      { kind: "adjustment", balanceAfter: String(usdt(1)) },
    ]);
  });
  it("an unpaid order shows no balance after it: it moved no money", async () => {
    const plan = await createPlan(db(), "Delta", usdt(80));
    const { id } = await createMember(db(), { balance: usdt(50) });
    const order = await createOrder({ db: db(), userId: id, planIds: [plan.id], billingPeriod: "monthly" });
    expect(order.completion.status).toBe("not-covered");
    const rows = await listBillingHistory({ db: db(), userId: id });
    expect(rows.map((row) => [row.kind, row.status, row.amount, row.balanceAfter])).toEqual([
      ["order", "pending", null, null],
      ["adjustment", "paid", String(usdt(50)), String(usdt(50))],
    ]);
  });
});
