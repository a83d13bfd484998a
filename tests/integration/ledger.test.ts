import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { adjustBalance } from "#server/billing/adjust-balance";
import { ledgerSum, postLedgerEntry } from "#server/billing/ledger";
import { billingHistory, ledgerEntries, notifications, profiles } from "#server/db/schema";
import { AppError } from "#server/lib/errors";
import { describeEachDatabase } from "../helpers/database";
import { createMember, expectLedgerInvariant } from "../helpers/members";

describeEachDatabase("ledger", (database) => {
  afterEach(async () => expectLedgerInvariant(database().db));

  it("moves the balance only with a ledger row, once per reference", async () => {
    const db = database().db;
    const m = await createMember(db);
    const first = await postLedgerEntry({ tx: db, userId: m.id, kind: "deposit", amount: 7_000_000n, reference: "ref:1" });
    expect(first).toEqual({ inserted: true, balance: 7_000_000n });
    const again = await postLedgerEntry({ tx: db, userId: m.id, kind: "deposit", amount: 7_000_000n, reference: "ref:1" });
    expect(again).toEqual({ inserted: false, balance: 7_000_000n });
    expect(await ledgerSum(db, m.id)).toBe(7_000_000n);
  });

  it("refuses a debit past zero and leaves no row behind", async () => {
    const db = database().db;
    const m = await createMember(db, { balance: 5_000_000n });
    const error = await postLedgerEntry({ tx: db, userId: m.id, kind: "purchase", amount: -5_000_001n, reference: "too-much" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("PAYMENT_REQUIRED");
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, "too-much"))).toHaveLength(0);
    const exact = await postLedgerEntry({ tx: db, userId: m.id, kind: "purchase", amount: -5_000_000n, reference: "exact" });
    expect(exact.balance).toBe(0n);
  });

  it("rolls back with the caller's transaction", async () => {
    const db = database().db;
    const m = await createMember(db);
    await db
      .transaction(async (tx) => {
        await postLedgerEntry({ tx, userId: m.id, kind: "deposit", amount: 1_000_000n, reference: "rolled-back" });
        throw new Error("something later failed");
      })
      .catch(() => {});
    const [p] = await db.select().from(profiles).where(eq(profiles.id, m.id));
    expect(p!.balance).toBe(0n);
  });

  it("adjusts by email: credits once per reference, names who and why, tells the member", async () => {
    const db = database().db;
    const m = await createMember(db, { email: "Trader@Example.com" });
    const input = { db, email: "trader@example.com", amount: 25_500_000n, reference: "manual:goodwill-1", reason: "goodwill", actor: "alice" };
    const first = await adjustBalance(input);
    expect(first).toMatchObject({ applied: true, balance: 25_500_000n });
    const second = await adjustBalance(input);
    expect(second).toMatchObject({ applied: false, balance: 25_500_000n });
    const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, "ops:manual:goodwill-1"));
    expect(entry).toMatchObject({ kind: "adjustment", amount: 25_500_000n, memo: "alice: goodwill" });
    expect(await db.select().from(billingHistory).where(eq(billingHistory.userId, m.id))).toHaveLength(1);
    expect(await db.select().from(notifications).where(eq(notifications.userId, m.id))).toHaveLength(1);

    const debit = await adjustBalance({ ...input, amount: -500_000n, reference: "manual:correction-1", reason: "correction" });
    expect(debit.balance).toBe(25_000_000n);
    await expect(adjustBalance({ ...input, amount: -99_000_000n, reference: "manual:too-much" })).rejects.toMatchObject({ code: "PAYMENT_REQUIRED" });
    await expect(adjustBalance({ ...input, email: "nobody@example.com" })).rejects.toMatchObject({ code: "NOT_FOUND", message: "No member with the email nobody@example.com." });
  });
});
