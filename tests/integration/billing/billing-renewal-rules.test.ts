import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { BillingPeriod } from "~/lib/pricing";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { renewSubscription } from "#server/billing/renew-subscription";
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
} from "#server/db/schema";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

/** A member with `balance` who bought a `price` plan for `total` (the period's price) at `start`. */
async function bought(
  db: Db,
  options: { start: string; price: bigint; total: bigint; balance: bigint; period?: BillingPeriod },
) {
  const member = await createMember(db, { balance: options.balance });
  const [plan] = await db
    .insert(pricing)
    .values({ planId: `p-${crypto.randomUUID().slice(0, 8)}`, name: "Gold", price: options.price, published: true })
    .returning();
  const result = await purchaseSubscriptions({
    db,
    userId: member.id,
    planIds: [plan!.id],
    billingPeriod: options.period ?? "monthly",
    totalAmount: options.total,
    idempotencyKey: crypto.randomUUID(),
    now: at(options.start),
  });
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
  return { userId: member.id, plan: plan!, sub: sub!, result };
}

async function look(db: Db, userId: string) {
  const [profile] = await db.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, userId));
  return {
    balance: profile?.balance,
    sub: (await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!,
    bills: (
      await db.select().from(billingHistory).where(eq(billingHistory.userId, userId)).orderBy(billingHistory.issueDate)
    ).map((b) => ({
      status: b.status,
      totalAmount: b.totalAmount,
      description: b.description,
    })),
    debits: await db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, memo: ledgerEntries.memo })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), sql`${ledgerEntries.amount} < 0`))
      .orderBy(ledgerEntries.id),
    notes: (
      await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id)
    ).map((n) => n.kind),
  };
}

describeEachDatabase("renewal rules", (database) => {
  const db = () => database().db;
  const invoiceLinks = (userId: string) =>
    db()
      .select({ ledgerReference: billingHistory.ledgerReference, planNames: billingHistory.planNames })
      .from(billingHistory)
      .where(eq(billingHistory.userId, userId))
      .orderBy(billingHistory.issueDate);

  beforeEach(async () => {
    await db().execute(sql`truncate table "user", pricing cascade`);
  });
  afterEach(async () => expectLedgerInvariant(db()));

  it("names the plan, the period and the due date on the renewal's bill and ledger row; a lapse adds why", async () => {
    const { userId, sub } = await bought(db(), {
      start: "2026-01-10T08:00:00.000Z",
      price: 49_000_000n,
      total: 49_000_000n,
      balance: 98_000_000n,
    });
    expect(await renewSubscription({ db: db(), subscriptionId: sub.id, now: at("2026-02-10T09:00:00.000Z") })).toBe(
      "charged",
    );
    expect(await renewSubscription({ db: db(), subscriptionId: sub.id, now: at("2026-03-10T09:00:00.000Z") })).toBe(
      "failed",
    );
    const state = await look(db(), userId);
    expect(state.bills).toEqual([
      { status: "paid", totalAmount: 49_000_000n, description: "Gold (monthly)" },
      { status: "paid", totalAmount: 49_000_000n, description: "Renewal: Gold (monthly), due Feb 10, 2026" },
      {
        status: "failed",
        totalAmount: 49_000_000n,
        description: "Renewal: Gold (monthly), due Mar 10, 2026 — insufficient balance",
      },
    ]);
    expect(state.debits.map((d) => [d.kind, d.amount, d.memo])).toEqual([
      ["purchase", -49_000_000n, expect.stringMatching(/^INV-20260110-[A-Z2-7]{8} Gold \(monthly\)$/)],
      ["renewal", -49_000_000n, "Renewal: Gold (monthly), due Feb 10, 2026"],
    ]);
    expect(state.sub.status).toBe("expired");
    // The paid renewal's invoice names its ledger row and the plan its receipt lists.
    const [, renewal] = await invoiceLinks(userId);
    expect(renewal).toEqual({ ledgerReference: `renewal:${sub.id}:2026-02-10T08:00:00.000Z`, planNames: ["Gold"] });
  });

  it("skips a subscription that is not due yet, and one that has lapsed, changing nothing", async () => {
    const { userId, sub } = await bought(db(), {
      start: "2026-01-10T08:00:00.000Z",
      price: 49_000_000n,
      total: 49_000_000n,
      balance: 49_000_000n,
    });
    expect(await renewSubscription({ db: db(), subscriptionId: sub.id, now: at("2026-02-10T07:59:59.999Z") })).toBe(
      "skipped",
    );
    expect(await renewSubscription({ db: db(), subscriptionId: sub.id, now: at("2026-02-10T08:00:00.000Z") })).toBe(
      "failed",
    );
    expect(await renewSubscription({ db: db(), subscriptionId: sub.id, now: at("2026-06-01T00:00:00.000Z") })).toBe(
      "skipped",
    );
    const state = await look(db(), userId);
    expect(state.bills.map((b) => b.status)).toEqual(["paid", "failed"]);
    expect(state.notes).toEqual(["purchase_confirmed", "renewal_failed"]);
  });

  it("buys and renews a quarter that floors to 0 USDT without a ledger row, still billing and moving the date", async () => {
    // 0.30 USDT a month: 3 × 0.30 × 0.85 = 0.765, floored to whole USDT is 0.
    const { userId, sub, result } = await bought(db(), {
      start: "2026-01-10T08:00:00.000Z",
      price: 300_000n,
      total: 0n,
      balance: 5_000_000n,
      period: "quarterly",
    });
    expect(result.newBalance).toBe("5000000");
    expect(sub.nextBillingDate!.toISOString()).toBe("2026-04-10T08:00:00.000Z");
    expect(await renewSubscription({ db: db(), subscriptionId: sub.id, now: at("2026-04-10T08:00:00.000Z") })).toBe(
      "charged",
    );
    const state = await look(db(), userId);
    expect(state.balance).toBe(5_000_000n);
    expect(state.debits).toEqual([]);
    expect(state.bills).toEqual([
      { status: "paid", totalAmount: 0n, description: "Gold (quarterly)" },
      { status: "paid", totalAmount: 0n, description: "Renewal: Gold (quarterly), due Apr 10, 2026" },
    ]);
    expect(state.sub).toMatchObject({ status: "active" });
    expect(state.sub.nextBillingDate!.toISOString()).toBe("2026-07-10T08:00:00.000Z");
    expect(state.notes).toEqual(["purchase_confirmed", "renewal_charged"]);
    // Nothing was taken, so the renewal's invoice names no ledger row.
    const [, renewal] = await invoiceLinks(userId);
    expect(renewal).toEqual({ ledgerReference: null, planNames: ["Gold"] });
  });

  it("refuses to settle a subscription whose member has no profile any more, naming it", async () => {
    const { userId, sub } = await bought(db(), {
      start: "2026-01-10T08:00:00.000Z",
      price: 49_000_000n,
      total: 49_000_000n,
      balance: 98_000_000n,
    });
    await db().delete(profiles).where(eq(profiles.id, userId));
    await expect(
      renewSubscription({ db: db(), subscriptionId: sub.id, now: at("2026-02-10T08:00:00.000Z") }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: `Subscription ${sub.id} has no profile or plan.`,
    });
    const state = await look(db(), userId);
    expect(state.sub).toMatchObject({ status: "active" });
    expect(state.bills).toHaveLength(1);
  });

  it("sends the 72-hour reminder from exactly 72 hours before the due date, the 24-hour one from exactly 24", async () => {
    // The purchase spent the whole balance: the renewal is not covered.
    const { sub } = await bought(db(), {
      start: "2026-01-10T08:00:00.000Z",
      price: 49_000_000n,
      total: 49_000_000n,
      balance: 49_000_000n,
    });
    const due = at("2026-02-10T08:00:00.000Z").getTime();
    expect(await sendRenewalReminders({ db: db(), now: new Date(due - 72 * HOUR - 1) })).toBe(0);
    expect(await sendRenewalReminders({ db: db(), now: new Date(due - 72 * HOUR) })).toBe(1);
    expect(await sendRenewalReminders({ db: db(), now: new Date(due - 24 * HOUR - 1) })).toBe(0);
    expect(await sendRenewalReminders({ db: db(), now: new Date(due - 24 * HOUR) })).toBe(1);
    const sent = await db().select().from(renewalReminders).where(eq(renewalReminders.subscriptionId, sub.id));
    expect(sent.map((r) => r.kind).sort()).toEqual(["24h", "72h"]);
  });
});
