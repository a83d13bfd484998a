import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import { priceFor, type BillingPeriod } from "~/lib/pricing";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { runRenewals } from "#server/billing/renew-subscriptions";
import { sendRenewalReminders } from "#server/billing/send-renewal-reminders";
import type { Db } from "#server/db/client";
import {
  billingHistory,
  ledgerEntries,
  notifications,
  pricing,
  profiles,
  renewalReminders,
  subscriptions,
  user,
} from "#server/db/schema";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;
const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

/** A member who bought `planName` at `start` and keeps `balanceAfter` on the balance. */
async function subscribed(
  db: Db,
  options: {
    start: string;
    period?: BillingPeriod;
    price?: bigint;
    balanceAfter?: bigint;
    planName?: string;
    userId?: string;
  },
) {
  const period = options.period ?? "monthly";
  const price = options.price ?? usdt(49);
  const amount = priceFor(price, period);
  const userId = options.userId ?? (await createMember(db, { balance: amount + (options.balanceAfter ?? 0n) })).id;
  const [plan] = await db
    .insert(pricing)
    .values({
      planId: `p-${crypto.randomUUID().slice(0, 8)}`,
      name: options.planName ?? "Gold",
      price,
      published: true,
    })
    .returning();
  const response = await purchaseSubscriptions({
    db,
    userId,
    planIds: [plan!.id],
    billingPeriod: period,
    totalAmount: amount,
    idempotencyKey: crypto.randomUUID(),
    now: at(options.start),
  });
  expect(response.activeSubscriptions).toContain(plan!.id);
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.planId, plan!.id)));
  return { userId, plan: plan!, sub: sub! };
}

async function look(db: Db, userId: string) {
  const [profile] = await db.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, userId));
  return {
    balance: profile!.balance,
    subs: await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    bills: await db
      .select()
      .from(billingHistory)
      .where(eq(billingHistory.userId, userId))
      .orderBy(billingHistory.issueDate),
    renewals: await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, "renewal"))),
    notes: (
      await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id)
    ).map((n) => ({
      kind: n.kind,
      payload: n.payload,
    })),
  };
}

const none = { charged: 0, expired: 0, failed: 0, errored: 0 };

describeEachDatabase("runRenewals and sendRenewalReminders", (database, kind) => {
  const db = () => database().db;

  // Renewals settle every due row in the database: each test starts from empty tables.
  beforeEach(async () => {
    await db().execute(sql`truncate table "user", pricing cascade`);
  });
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  it("charges a due renewal at the current price and moves the date one period from the old due date", async () => {
    const { userId, plan, sub } = await subscribed(db(), {
      start: "2026-01-31T09:00:00.000Z",
      balanceAfter: usdt(100),
    });
    expect(sub.nextBillingDate!.toISOString()).toBe("2026-02-28T09:00:00.000Z");
    await db()
      .update(pricing)
      .set({ price: usdt(50) })
      .where(eq(pricing.id, plan.id));

    // The job runs late (Mar 5): the new date still counts from Feb 28 — and back to the 31st.
    expect(await runRenewals({ db: db(), now: at("2026-03-05T00:00:00.000Z") })).toEqual({ ...none, charged: 1 });
    const state = await look(db(), userId);
    expect(state.balance).toBe(usdt(50));
    expect(state.subs[0]).toMatchObject({ status: "active", autorenew: true });
    expect(state.subs[0]!.nextBillingDate!.toISOString()).toBe("2026-03-31T09:00:00.000Z");
    expect(state.renewals).toHaveLength(1);
    expect(state.renewals[0]).toMatchObject({
      amount: -usdt(50),
      reference: `renewal:${sub.id}:2026-02-28T09:00:00.000Z`,
    });
    expect(state.bills).toHaveLength(2);
    const renewalBill = state.bills[1]!;
    expect(renewalBill).toMatchObject({ status: "paid", paymentType: "USDT Balance", totalAmount: usdt(50) });
    expect(renewalBill.invoiceId).not.toBe(state.bills[0]!.invoiceId);
    expect(state.notes.at(-1)).toEqual({
      kind: "renewal_charged",
      payload: {
        plan: "Gold",
        amount: "$50.00 USDT",
        nextBillingDate: "2026-03-31",
        invoiceId: renewalBill.invoiceId,
        balance: "$50.00",
      },
    });

    // Not due again until Mar 31; a second run the same day does nothing.
    expect(await runRenewals({ db: db(), now: at("2026-03-05T00:00:00.000Z") })).toEqual(none);
    expect(await runRenewals({ db: db(), now: at("2026-03-31T09:00:00.000Z") })).toEqual({ ...none, charged: 1 });
    const [after] = (await look(db(), userId)).subs;
    expect(after!.nextBillingDate!.toISOString()).toBe("2026-04-30T09:00:00.000Z");
  });

  it("renews quarterly three calendar months on, clamped to the month's end", async () => {
    const { userId } = await subscribed(db(), {
      start: "2025-11-30T12:00:00.000Z",
      period: "quarterly",
      balanceAfter: usdt(124),
    });
    expect(await runRenewals({ db: db(), now: at("2026-02-28T12:00:00.000Z") })).toEqual({ ...none, charged: 1 });
    const state = await look(db(), userId);
    expect(state.subs[0]!.nextBillingDate!.toISOString()).toBe("2026-05-30T12:00:00.000Z");
    expect(state.balance).toBe(0n);
  });

  it("charges each missed due date once when the job was down for several periods", async () => {
    const { userId, sub } = await subscribed(db(), { start: "2025-12-31T00:00:00.000Z", balanceAfter: usdt(200) });
    expect(await runRenewals({ db: db(), now: at("2026-03-05T00:00:00.000Z"), batchSize: 1 })).toEqual({
      ...none,
      charged: 2,
    });
    const state = await look(db(), userId);
    expect(state.renewals.map((r) => r.reference).sort()).toEqual([
      `renewal:${sub.id}:2026-01-31T00:00:00.000Z`,
      `renewal:${sub.id}:2026-02-28T00:00:00.000Z`,
    ]);
    expect(state.subs[0]!.nextBillingDate!.toISOString()).toBe("2026-03-31T00:00:00.000Z");
  });

  it("lets a subscription lapse when the balance is short: expired, failed invoice, notification", async () => {
    const { userId } = await subscribed(db(), { start: "2026-01-10T00:00:00.000Z", balanceAfter: usdt(20) });
    expect(await runRenewals({ db: db(), now: at("2026-02-10T00:00:00.000Z") })).toEqual({ ...none, failed: 1 });
    const state = await look(db(), userId);
    expect(state.balance).toBe(usdt(20));
    expect(state.subs[0]).toMatchObject({ status: "expired" });
    expect(state.renewals).toEqual([]);
    expect(state.bills.map((b) => [b.status, b.totalAmount])).toEqual([
      ["paid", usdt(49)],
      ["failed", usdt(49)],
    ]);
    expect(state.notes.at(-1)).toEqual({
      kind: "renewal_failed",
      payload: { plan: "Gold", amount: "$49.00 USDT", balance: "$20.00", shortfall: "$29.00" },
    });
    expect(await runRenewals({ db: db(), now: at("2026-06-01T00:00:00.000Z") })).toEqual(none);
  });

  it("expires a subscription with autorenew off without charging", async () => {
    const { userId, sub } = await subscribed(db(), { start: "2026-01-10T00:00:00.000Z", balanceAfter: usdt(100) });
    await db().update(subscriptions).set({ autorenew: false }).where(eq(subscriptions.id, sub.id));
    expect(await runRenewals({ db: db(), now: at("2026-02-10T00:00:00.000Z") })).toEqual({ ...none, expired: 1 });
    const state = await look(db(), userId);
    expect(state.balance).toBe(usdt(100));
    expect(state.subs[0]!.status).toBe("expired");
    expect(state.bills).toHaveLength(1);
    expect(state.notes.at(-1)).toEqual({
      kind: "subscription_expired",
      payload: { plan: "Gold", endedOn: "2026-02-10" },
    });
  });

  it("lets a complimentary plan lapse uncharged, saying it was complimentary rather than autorenew off", async () => {
    const { userId, sub } = await subscribed(db(), { start: "2026-01-10T00:00:00.000Z", balanceAfter: usdt(100) });
    await db().update(subscriptions).set({ complimentary: true }).where(eq(subscriptions.id, sub.id));
    expect(sub.autorenew).toBe(true);
    expect(await runRenewals({ db: db(), now: at("2026-02-10T00:00:00.000Z") })).toEqual({ ...none, expired: 1 });
    const state = await look(db(), userId);
    expect(state.balance).toBe(usdt(100));
    expect(state.subs[0]!.status).toBe("expired");
    expect(state.notes.at(-1)).toEqual({
      kind: "subscription_expired",
      payload: { plan: "Gold", endedOn: "2026-02-10", reason: "complimentary" },
    });
  });

  it("never charges a banned member again: the subscription ends at its due date", async () => {
    const { userId, sub } = await subscribed(db(), { start: "2026-01-10T00:00:00.000Z", balanceAfter: usdt(100) });
    await db().update(user).set({ banned: true }).where(eq(user.id, userId));
    expect(sub.autorenew).toBe(true);
    expect(await runRenewals({ db: db(), now: at("2026-02-10T00:00:00.000Z") })).toEqual({ ...none, expired: 1 });
    const state = await look(db(), userId);
    expect(state.balance).toBe(usdt(100));
    expect(state.subs[0]!.status).toBe("expired");
    expect(state.renewals).toEqual([]);
    // No "autorenew was off" nor "subscribe again": neither is true for a banned account.
    expect(state.notes.map((note) => note.kind)).not.toContain("subscription_expired");
  });

  it("never touches lifetime subscriptions", async () => {
    const { userId } = await subscribed(db(), { start: "2020-01-01T00:00:00.000Z", period: "lifetime" });
    expect(await runRenewals({ db: db(), now: at("2099-01-01T00:00:00.000Z") })).toEqual(none);
    expect((await look(db(), userId)).subs[0]).toMatchObject({
      status: "active",
      nextBillingDate: null,
      autorenew: false,
    });
  });

  it("never charges one due date twice, even when the date is put back", async () => {
    const { userId, sub } = await subscribed(db(), { start: "2026-01-10T00:00:00.000Z", balanceAfter: usdt(100) });
    const now = at("2026-02-10T00:00:00.000Z");
    expect(await runRenewals({ db: db(), now })).toEqual({ ...none, charged: 1 });
    expect(await runRenewals({ db: db(), now })).toEqual(none);
    // A restore or a manual edit puts the old due date back: the ledger reference refuses a second charge.
    await db()
      .update(subscriptions)
      .set({ nextBillingDate: at("2026-02-10T00:00:00.000Z") })
      .where(eq(subscriptions.id, sub.id));
    expect(await runRenewals({ db: db(), now })).toEqual(none);
    const state = await look(db(), userId);
    expect(state.balance).toBe(usdt(51));
    expect(state.renewals).toHaveLength(1);
    expect(state.bills).toHaveLength(2);
    expect(state.subs[0]!.nextBillingDate!.toISOString()).toBe("2026-03-10T00:00:00.000Z");
  });

  it("two runners at once charge every subscription exactly once", async () => {
    const members: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { userId } = await subscribed(db(), {
        start: "2026-01-10T00:00:00.000Z",
        balanceAfter: usdt(200),
        planName: `A${i}`,
      });
      await subscribed(db(), { start: "2026-01-11T00:00:00.000Z", userId, planName: `B${i}` });
      members.push(userId);
    }
    const now = at("2026-02-12T00:00:00.000Z");
    const [one, two] = await Promise.all([
      runRenewals({ db: db(), now, batchSize: 5 }),
      runRenewals({ db: db(), now, batchSize: 5 }),
    ]);
    expect(one.charged + two.charged).toBe(24);
    expect(one.errored + two.errored + one.failed + two.failed).toBe(0);
    for (const userId of members) {
      const state = await look(db(), userId);
      expect(state.renewals).toHaveLength(2);
      expect(state.balance).toBe(usdt(200 - 49 - 98));
    }
  });

  // PGlite has one connection: a second transaction holding the row cannot exist there, so this
  // runs on PostgreSQL and is reported as skipped on PGlite.
  it.skipIf(kind === "pglite")(
    "skips a subscription another runner holds, and still finishes (microsecond due dates too) (PostgreSQL only: PGlite has one connection, no second holder)",
    async () => {
      const { userId, sub } = await subscribed(db(), { start: "2026-01-10T00:00:00.000Z", balanceAfter: usdt(100) });
      await db().execute(
        sql`update subscriptions set next_billing_date = '2026-02-10T00:00:00.000500Z' where id = ${sub.id}`,
      );
      const holder = await database().pool!.connect();
      try {
        await holder.query("begin");
        await holder.query("select id from subscriptions where id = $1 for update", [sub.id]);
        const now = at("2026-02-11T00:00:00.000Z");
        expect(await runRenewals({ db: db(), now, batchSize: 1 })).toEqual(none);
        await holder.query("rollback");
        expect(await runRenewals({ db: db(), now, batchSize: 1 })).toEqual({ ...none, charged: 1 });
      } finally {
        holder.release();
      }
      expect((await look(db(), userId)).renewals).toHaveLength(1);
    },
  );

  it("reminds a member once at 72 h and once at 24 h when the balance will not cover the renewal", async () => {
    const { userId } = await subscribed(db(), { start: "2026-01-10T12:00:00.000Z", balanceAfter: usdt(10) });
    const due = at("2026-02-10T12:00:00.000Z").getTime();
    expect(await sendRenewalReminders({ db: db(), now: new Date(due - 80 * HOUR) })).toBe(0);
    expect(await sendRenewalReminders({ db: db(), now: new Date(due - 71 * HOUR) })).toBe(1);
    expect(await sendRenewalReminders({ db: db(), now: new Date(due - 70 * HOUR) })).toBe(0);
    expect(await sendRenewalReminders({ db: db(), now: new Date(due - 23 * HOUR) })).toBe(1);
    expect(await sendRenewalReminders({ db: db(), now: new Date(due - 1 * HOUR) })).toBe(0);
    const reminders = (await look(db(), userId)).notes.filter((n) => n.kind === "renewal_reminder");
    expect(reminders.map((n) => n.payload.window)).toEqual(["72h", "24h"]);
    expect(reminders[0]!.payload).toEqual({
      plan: "Gold",
      dueDate: "2026-02-10",
      amount: "$49.00 USDT",
      balance: "$10.00",
      shortfall: "$39.00",
      window: "72h",
    });
    expect(await db().select().from(renewalReminders)).toHaveLength(2);
  });

  it("does not remind when the balance covers every renewal in the window, nor for autorenew off", async () => {
    const covered = await subscribed(db(), { start: "2026-01-10T12:00:00.000Z", balanceAfter: usdt(49) });
    const off = await subscribed(db(), { start: "2026-01-10T12:00:00.000Z" });
    await db().update(subscriptions).set({ autorenew: false }).where(eq(subscriptions.id, off.sub.id));
    expect(await sendRenewalReminders({ db: db(), now: at("2026-02-09T12:00:00.000Z") })).toBe(0);
    expect((await look(db(), covered.userId)).notes.map((n) => n.kind)).toEqual(["purchase_confirmed"]);
  });

  it("counts all of a member's renewals due in the window against the balance", async () => {
    // Balance 60 covers the first renewal (49) but not both (98): only the later one is at risk.
    const first = await subscribed(db(), {
      start: "2026-01-10T10:00:00.000Z",
      balanceAfter: usdt(60 + 49),
      planName: "Gold",
    });
    const second = await subscribed(db(), {
      start: "2026-01-10T11:00:00.000Z",
      userId: first.userId,
      planName: "Silver",
    });
    expect(await sendRenewalReminders({ db: db(), now: at("2026-02-08T12:00:00.000Z") })).toBe(1);
    const [reminder] = await db().select().from(renewalReminders);
    expect(reminder).toMatchObject({ subscriptionId: second.sub.id, kind: "72h" });
    const note = (await look(db(), first.userId)).notes.at(-1)!;
    expect(note.payload).toMatchObject({ plan: "Silver", shortfall: "$38.00", window: "72h" });
  });
});
