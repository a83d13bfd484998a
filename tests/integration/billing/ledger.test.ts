import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { adjustBalance } from "#server/billing/adjust-balance";
import { ledgerSum, postLedgerEntry } from "#server/billing/ledger";
import { reconcileLedger } from "#server/billing/reconcile-ledger";
import { pgError } from "#server/db/db-errors";
import { billingHistory, ledgerEntries, notifications, opsAlerts, profiles } from "#server/db/schema";
import { AppError } from "#server/lib/errors";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

describeEachDatabase("ledger", (database) => {
  afterEach(async () => expectLedgerInvariant(database().db));

  it("moves the balance only with a ledger row, once per reference", async () => {
    const db = database().db;
    const m = await createMember(db);
    const first = await postLedgerEntry({
      tx: db,
      userId: m.id,
      kind: "deposit",
      amount: 7_000_000n,
      reference: "ref:1",
    });
    expect(first).toEqual({ inserted: true, balance: 7_000_000n });
    const again = await postLedgerEntry({
      tx: db,
      userId: m.id,
      kind: "deposit",
      amount: 7_000_000n,
      reference: "ref:1",
    });
    expect(again).toEqual({ inserted: false, balance: 7_000_000n });
    expect(await ledgerSum({ db, userId: m.id })).toBe(7_000_000n);
  });

  it("refuses a debit past zero and leaves no row behind", async () => {
    const db = database().db;
    const m = await createMember(db, { balance: 5_000_000n });
    const error = await postLedgerEntry({
      tx: db,
      userId: m.id,
      kind: "purchase",
      amount: -5_000_001n,
      reference: "too-much",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "PAYMENT_REQUIRED", message: "Insufficient balance." });
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, "too-much"))).toHaveLength(0);
    const exact = await postLedgerEntry({
      tx: db,
      userId: m.id,
      kind: "purchase",
      amount: -5_000_000n,
      reference: "exact",
    });
    expect(exact.balance).toBe(0n);
  });

  it("refuses a zero amount and an unknown member, writing nothing", async () => {
    const db = database().db;
    const m = await createMember(db, { balance: 2_000_000n });
    await expect(
      postLedgerEntry({ tx: db, userId: m.id, kind: "adjustment", amount: 0n, reference: "zero" }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      message: "A ledger entry needs a non-zero amount.",
    });
    await expect(
      postLedgerEntry({ tx: db, userId: "no-such-member", kind: "deposit", amount: 1_000_000n, reference: "ghost" }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Member not found.",
    });
    expect(
      await db
        .select()
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.reference, ["zero", "ghost"])),
    ).toEqual([]);
    expect(await ledgerSum({ db, userId: m.id })).toBe(2_000_000n);
    expect(await ledgerSum({ db, userId: "no-such-member" })).toBe(0n);
  });

  it("rolls back with the caller's transaction", async () => {
    const db = database().db;
    const m = await createMember(db);
    await expect(
      db.transaction(async (tx) => {
        await postLedgerEntry({ tx, userId: m.id, kind: "deposit", amount: 1_000_000n, reference: "rolled-back" });
        throw new Error("something later failed");
      }),
    ).rejects.toThrow("something later failed");
    const [p] = await db.select().from(profiles).where(eq(profiles.id, m.id));
    expect(p!.balance).toBe(0n);
  });

  it("adjusts by email: credits once per reference, names who and why, tells the member", async () => {
    const db = database().db;
    const m = await createMember(db, { email: "Trader@Example.com" });
    const input = {
      db,
      email: "trader@example.com",
      amount: 25_500_000n,
      reference: "manual:goodwill-1",
      reason: "goodwill",
      actor: "alice",
    };
    const first = await adjustBalance(input);
    expect(first).toMatchObject({ applied: true, balance: 25_500_000n });
    const second = await adjustBalance(input);
    expect(second).toMatchObject({ applied: false, balance: 25_500_000n });
    const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, "ops:manual:goodwill-1"));
    expect(entry).toMatchObject({ kind: "adjustment", amount: 25_500_000n, memo: "alice: goodwill" });
    expect(await db.select().from(billingHistory).where(eq(billingHistory.userId, m.id))).toHaveLength(1);
    expect(await db.select().from(notifications).where(eq(notifications.userId, m.id))).toHaveLength(1);

    const debit = await adjustBalance({
      ...input,
      amount: -500_000n,
      reference: "manual:correction-1",
      reason: "correction",
    });
    expect(debit.balance).toBe(25_000_000n);
    await expect(adjustBalance({ ...input, amount: -99_000_000n, reference: "manual:too-much" })).rejects.toMatchObject(
      { code: "PAYMENT_REQUIRED" },
    );
    await expect(adjustBalance({ ...input, email: "nobody@example.com" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "No member with the email nobody@example.com.",
    });
  });

  it("refuses to update or delete a ledger entry, whoever asks", async () => {
    const db = database().db;
    const m = await createMember(db, { balance: 3_000_000n });
    const refusal = async (write: Promise<unknown>) => {
      const error = await write.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, "the database refuses the write").not.toBeNull();
      return { code: pgError(error).code, message: messages(error) };
    };
    const update = await refusal(
      db.update(ledgerEntries).set({ amount: 9_000_000n }).where(eq(ledgerEntries.userId, m.id)),
    );
    expect(update.code).toBe("23000");
    expect(update.message).toMatch(/ledger_entries is append-only: UPDATE of entry \d+ refused/);
    const remove = await refusal(db.execute(sql`delete from ledger_entries where user_id = ${m.id}`));
    expect(remove.code).toBe("23000");
    expect(remove.message).toMatch(/ledger_entries is append-only: DELETE of entry \d+ refused/);
    const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, m.id));
    expect(entry).toMatchObject({ amount: 3_000_000n });
    // Appending stays the way to change a balance.
    await postLedgerEntry({ tx: db, userId: m.id, kind: "adjustment", amount: -1_000_000n, reference: `fix:${m.id}` });
    expect(await ledgerSum({ db, userId: m.id })).toBe(2_000_000n);
  });

  it("refuses a replayed credit reference with another amount or member (409); the same one stays a no-op", async () => {
    const db = database().db;
    const m = await createMember(db);
    const other = await createMember(db);
    const input = {
      db,
      email: m.email,
      amount: 10_000_000n,
      reference: "manual:replay-1",
      reason: "wire",
      actor: "ops-token",
    };
    expect(await adjustBalance(input)).toMatchObject({ applied: true, balance: 10_000_000n });
    expect(await adjustBalance(input)).toMatchObject({ applied: false, balance: 10_000_000n });
    const otherAmount = await adjustBalance({ ...input, amount: 100_000_000n }).catch((e: unknown) => e);
    expect(otherAmount).toBeInstanceOf(AppError);
    expect(otherAmount).toMatchObject({
      code: "CONFLICT",
      status: 409,
      message:
        'The reference "manual:replay-1" was already used for an amount of 10 USDT; use a new ' +
        "reference for a different adjustment.",
    });
    await expect(adjustBalance({ ...input, email: other.email })).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        'The reference "manual:replay-1" was already used for another member; use a new reference ' +
        "for a different adjustment.",
    });
    // A debit replayed under a credit's reference is a conflict too, not "insufficient balance".
    await expect(adjustBalance({ ...input, email: other.email, amount: -5_000_000n })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await ledgerSum({ db, userId: m.id })).toBe(10_000_000n);
    expect(await ledgerSum({ db, userId: other.id })).toBe(0n);
  });

  it("reconciles balances with ledgers: reports each difference, logs it and records one alert an hour", async () => {
    const db = database().db;
    const ok = await reconcileLedger({ db });
    expect(ok).toMatchObject({ consistent: true, mismatches: [], alertId: null });
    expect(ok.checked).toBeGreaterThan(0);

    const m = await createMember(db, { balance: 4_000_000n });
    // The cached balance drifts (a bug, or a hand edit in psql): the ledger is the truth.
    await db.update(profiles).set({ balance: 4_500_000n }).where(eq(profiles.id, m.id));
    try {
      const found = await reconcileLedger({ db });
      expect(found.consistent).toBe(false);
      expect(found.mismatches).toEqual([
        { userId: m.id, email: m.email, balance: "4.5", ledgerSum: "4", difference: "0.5" },
      ]);
      expect(found.alertId).toEqual(expect.any(Number));
      const [alert] = await db.select().from(opsAlerts).where(eq(opsAlerts.id, found.alertId!));
      expect(alert).toMatchObject({ kind: "ledger_mismatch", details: { mismatches: found.mismatches } });
      expect(alert!.message).toContain("1 member balance differs from the sum");

      // Every instance runs the hourly job: the same finding is recorded once within the hour.
      expect(await reconcileLedger({ db })).toMatchObject({ consistent: false, alertId: null });
      const alerts = await db.select().from(opsAlerts).where(eq(opsAlerts.kind, "ledger_mismatch"));
      expect(alerts).toHaveLength(1);
    } finally {
      await db.update(profiles).set({ balance: 4_000_000n }).where(eq(profiles.id, m.id));
    }
    expect(await reconcileLedger({ db })).toMatchObject({ consistent: true });
  });
});

/** Every message in an error's cause chain (drizzle wraps the driver's error). */
function messages(error: unknown): string {
  const parts: string[] = [];
  for (let e = error; e; e = (e as { cause?: unknown }).cause) parts.push(String((e as Error).message));
  return parts.join(" | ");
}
