import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type * as Ledger from "#server/billing/ledger";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { runRenewals } from "#server/billing/renew-subscriptions";
import type { Db } from "#server/db/client";
import { billingHistory, ledgerEntries, notifications, pricing, profiles, subscriptions } from "#server/db/schema";
import { AppError } from "#server/lib/errors";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

// The renewal's debit fails once with `fault.next` (a lost connection, a refusal other than a
// short balance): faults no real database can be made to produce on demand.
const fault = vi.hoisted(() => ({ next: undefined as unknown }));
vi.mock("#server/billing/ledger", async (importOriginal) => {
  const actual = await importOriginal<typeof Ledger>();
  return {
    ...actual,
    postLedgerEntry: async (options: Parameters<typeof Ledger.postLedgerEntry>[0]) => {
      if (options.kind === "renewal" && fault.next !== undefined) {
        const error = fault.next;
        fault.next = undefined;
        throw error;
      }
      return actual.postLedgerEntry(options);
    },
  };
});

const none = { charged: 0, expired: 0, failed: 0, errored: 0 };
const DUE = new Date("2026-02-10T08:00:00.000Z");

async function dueSubscription(db: Db) {
  const member = await createMember(db, { balance: 100_000_000n });
  const [plan] = await db
    .insert(pricing)
    .values({ planId: `p-${crypto.randomUUID().slice(0, 8)}`, name: "Gold", price: 49_000_000n, published: true })
    .returning();
  await purchaseSubscriptions({
    db,
    userId: member.id,
    planIds: [plan!.id],
    billingPeriod: "monthly",
    totalAmount: 49_000_000n,
    idempotencyKey: crypto.randomUUID(),
    now: new Date("2026-01-10T08:00:00.000Z"),
  });
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
  return { userId: member.id, sub: sub! };
}

/** Whatever the failed settlement wrote must be gone: still active, same due date, one bill, one note. */
async function expectUntouched(db: Db, userId: string) {
  const [profile] = await db.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, userId));
  expect(profile!.balance).toBe(51_000_000n);
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  expect(sub).toMatchObject({ status: "active", nextBillingDate: DUE });
  expect(await db.select().from(billingHistory).where(eq(billingHistory.userId, userId))).toHaveLength(1);
  expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, "renewal"))).toEqual([]);
  expect((await db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.kind)).toEqual([
    "purchase_confirmed",
  ]);
}

describeEachDatabase("renewal errors", (database) => {
  const db = () => database().db;

  beforeEach(async () => {
    fault.next = undefined;
    await db().execute(sql`truncate table "user", pricing cascade`);
  });
  afterEach(async () => expectLedgerInvariant(db()));

  it("a database failure while charging rolls the renewal back and is reported, not recorded as a lapse; the next run charges", async () => {
    const { userId, sub } = await dueSubscription(db());
    const lost = new Error("connection terminated unexpectedly");
    fault.next = lost;
    const onError = vi.fn();
    expect(await runRenewals({ db: db(), now: DUE, onError })).toEqual({ ...none, errored: 1 });
    expect(onError.mock.calls).toEqual([[sub.id, lost]]);
    await expectUntouched(db(), userId);

    expect(await runRenewals({ db: db(), now: DUE, onError })).toEqual({ ...none, charged: 1 });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it("only a short balance lapses a subscription: another refusal is counted as an error, also without an onError callback", async () => {
    const { userId } = await dueSubscription(db());
    fault.next = new AppError("NOT_FOUND", "Member not found.");
    expect(await runRenewals({ db: db(), now: DUE })).toEqual({ ...none, errored: 1 });
    await expectUntouched(db(), userId);
  });
});
