import { eq, sql } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import { adjustBalance } from "#server/billing/adjust-balance";
import { postLedgerEntry } from "#server/billing/ledger";
import type { Db } from "#server/db/client";
import { auditLog, billingHistory, ledgerEntries, notifications, profiles } from "#server/db/schema";
import { adjustMemberBalanceByStaff } from "#server/staff/members/adjust-member-balance";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

async function stateOf(db: Db, userId: string) {
  const [profile] = await db.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, userId));
  return {
    balance: profile!.balance,
    entries: await db
      .select({
        kind: ledgerEntries.kind,
        amount: ledgerEntries.amount,
        reference: ledgerEntries.reference,
        memo: ledgerEntries.memo,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(ledgerEntries.id),
    bills: await db.select().from(billingHistory).where(eq(billingHistory.userId, userId)),
    notes: (
      await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id)
    ).map((n) => ({
      kind: n.kind,
      payload: n.payload,
    })),
  };
}

describeEachDatabase("manual balance adjustments", (database, kind) => {
  const db = () => database().db;
  afterEach(async () => expectLedgerInvariant(db()));

  it("records a credit as a billing row and tells the member the amount and the new balance", async () => {
    const m = await createMember(db(), { balance: 2_000_000n });
    const result = await adjustBalance({
      db: db(),
      email: m.email,
      amount: 25_500_000n,
      reference: "wire-7",
      reason: "goodwill",
      actor: "alice",
    });
    expect(result).toEqual({
      userId: m.id,
      email: m.email,
      applied: true,
      balance: 27_500_000n,
      credit: { reference: "ops:wire-7", notificationId: expect.any(String) },
    });

    const state = await stateOf(db(), m.id);
    expect(state.entries.at(-1)).toEqual({
      kind: "adjustment",
      amount: 25_500_000n,
      reference: "ops:wire-7",
      memo: "alice: goodwill",
    });
    expect(state.bills).toHaveLength(1);
    expect(state.bills[0]).toMatchObject({
      totalAmount: 25_500_000n,
      paymentType: "Balance adjustment",
      status: "paid",
      description: "goodwill",
    });
    // Five random bytes in upper-case hex: the id members read out to support.
    expect(state.bills[0]!.invoiceId).toMatch(/^ADJ-[0-9A-F]{10}$/);
    expect(state.notes).toEqual([{ kind: "balance_credited", payload: { amount: "$25.50", balance: "$27.50" } }]);
  });

  it("without a reason, says it was a manual adjustment in the ledger and a balance adjustment on the bill", async () => {
    const m = await createMember(db());
    await adjustBalance({
      db: db(),
      email: m.email,
      amount: 1_000_000n,
      reference: "no-reason",
      reason: "",
      actor: "ops-token",
    });
    const state = await stateOf(db(), m.id);
    expect(state.entries).toEqual([
      { kind: "adjustment", amount: 1_000_000n, reference: "ops:no-reason", memo: "ops-token: manual adjustment" },
    ]);
    expect(state.bills).toHaveLength(1);
    expect(state.bills[0]).toMatchObject({ paymentType: "Balance adjustment", description: "Balance adjustment" });
  });

  it("a debit writes its ledger row and a billing row of the amount taken, and tells the member what was taken and why", async () => {
    const m = await createMember(db(), { balance: 3_000_000n });
    const result = await adjustBalance({
      db: db(),
      email: m.email,
      amount: -1_250_000n,
      reference: "fix-1",
      reason: "double credit",
      actor: "alice",
    });
    expect(result).toEqual({ userId: m.id, email: m.email, applied: true, balance: 1_750_000n, credit: null });
    const state = await stateOf(db(), m.id);
    expect(state.entries.at(-1)).toEqual({
      kind: "adjustment",
      amount: -1_250_000n,
      reference: "ops:fix-1",
      memo: "alice: double credit",
    });
    // The bill states the amount taken (its total is never negative); the statement signs it from the ledger.
    expect(state.bills).toEqual([
      expect.objectContaining({
        totalAmount: 1_250_000n,
        paymentType: "Balance adjustment",
        status: "paid",
        description: "double credit",
        ledgerReference: "ops:fix-1",
        invoiceId: expect.stringMatching(/^ADJ-[0-9A-F]{10}$/),
      }),
    ]);
    expect(state.notes).toEqual([
      { kind: "balance_debited", payload: { amount: "$1.25", balance: "$1.75", reason: "double credit" } },
    ]);
  });

  it("trims the email and the reference, so a pasted value with spaces finds the member and replays the same adjustment", async () => {
    const m = await createMember(db(), { email: "Padded@Example.com" });
    const input = {
      db: db(),
      email: "  padded@example.com \n",
      amount: 4_000_000n,
      reference: "  ticket-42 ",
      reason: "refund",
      actor: "alice",
    };
    expect(await adjustBalance(input)).toMatchObject({
      userId: m.id,
      email: "Padded@Example.com",
      applied: true,
      balance: 4_000_000n,
    });
    expect(await adjustBalance({ ...input, reference: "ticket-42" })).toMatchObject({
      applied: false,
      balance: 4_000_000n,
    });
    const state = await stateOf(db(), m.id);
    expect(state.entries.map((e) => e.reference)).toEqual(["ops:ticket-42"]);
    await expect(adjustBalance({ ...input, email: "  nobody@example.com " })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "No member with the email nobody@example.com.",
    });
  });

  it("two adjustments under one reference text, from the command and from the member page, each keep their own effects", async () => {
    const m = await createMember(db(), { balance: 1_000_000n });
    const ops = await adjustBalance({
      db: db(),
      email: m.email,
      amount: 5_000_000n,
      reference: "case-7",
      reason: "late deposit",
      actor: "alice",
    });
    // The member page's credit with the same text as its key: another door, so another change.
    const staff = await adjustMemberBalanceByStaff({
      db: db(),
      memberId: m.id,
      direction: "credit",
      amount: 3_000_000n,
      reason: "goodwill",
      key: "case-7",
      actor: { userId: null, label: "bob@example.com", role: "owner" },
    });
    expect([ops.applied, staff.applied]).toEqual([true, true]);
    expect(staff.balance).toBe("9000000");
    const state = await stateOf(db(), m.id);
    expect(state.balance).toBe(9_000_000n);
    expect(state.entries.slice(1)).toEqual([
      { kind: "adjustment", amount: 5_000_000n, reference: "ops:case-7", memo: "alice: late deposit" },
      { kind: "adjustment", amount: 3_000_000n, reference: "staff-adjust:case-7", memo: "bob@example.com: goodwill" },
    ]);
    // A billing row each, under its own invoice id and reason, naming its own ledger row.
    expect(state.bills.map((b) => [b.totalAmount, b.description, b.ledgerReference])).toEqual([
      [5_000_000n, "late deposit", "ops:case-7"],
      [3_000_000n, "goodwill", "staff-adjust:case-7"],
    ]);
    expect(new Set(state.bills.map((b) => b.invoiceId)).size).toBe(2);
    // A notice each, with the balance after that credit, not after both.
    expect(state.notes).toEqual([
      { kind: "balance_credited", payload: { amount: "$5.00", balance: "$6.00" } },
      { kind: "balance_credited", payload: { amount: "$3.00", balance: "$9.00" } },
    ]);
    // The member page's audit row: its own change, from the balance the command left.
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, m.id));
    expect(audits.map((a) => [a.action, a.before, a.after])).toEqual([
      ["member.balance-credit", { balance: "6000000" }, { balance: "9000000", reference: "staff-adjust:case-7" }],
    ]);
  });

  it("refuses a zero amount and a blank reference before anything is written", async () => {
    const m = await createMember(db(), { balance: 1_000_000n });
    const input = { db: db(), email: m.email, amount: 1_000_000n, reference: "r", reason: "x", actor: "alice" };
    await expect(adjustBalance({ ...input, amount: 0n })).rejects.toMatchObject({
      code: "VALIDATION",
      message: "The amount must not be zero.",
    });
    for (const reference of ["", "   "]) {
      await expect(adjustBalance({ ...input, reference })).rejects.toMatchObject({
        code: "VALIDATION",
        message: "A reference is required (it makes the adjustment idempotent).",
      });
    }
    // Checked before the member is looked up: an unknown email with a bad input is still a 400.
    await expect(adjustBalance({ ...input, email: "nobody@example.com", amount: 0n })).rejects.toMatchObject({
      code: "VALIDATION",
    });
    const state = await stateOf(db(), m.id);
    expect(state.entries).toHaveLength(1);
    expect(state.balance).toBe(1_000_000n);
  });

  // PGlite has one connection, so no other transaction can hold the member's row there.
  it.skipIf(kind === "pglite")(
    "waits for another debit in progress on the member, then refuses what the balance no longer covers (PostgreSQL only: PGlite has one connection)",
    async () => {
      const m = await createMember(db(), { balance: 10_000_000n });
      let adjustment: Promise<unknown> | undefined;
      await db().transaction(async (tx) => {
        // A purchase in progress: the profile row locked and 6 USDT debited, not yet committed.
        await tx.execute(sql`select id from profiles where id = ${m.id} for update`);
        await postLedgerEntry({ tx, userId: m.id, kind: "purchase", amount: -6_000_000n, reference: `held:${m.id}` });
        adjustment = adjustBalance({
          db: db(),
          email: m.email,
          amount: -6_000_000n,
          reference: "held-1",
          reason: "fix",
          actor: "alice",
        }).then(
          (ok) => ok,
          (error: unknown) => error,
        );
        await vi.waitFor(
          async () => {
            const waiting = await db().execute<{ n: number }>(
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            );
            expect(waiting.rows[0]!.n).toBe(1);
          },
          { timeout: 5_000, interval: 20 },
        );
      });
      // Locking first, it reads the committed balance (4 USDT): a clean 402, not a failed CHECK.
      expect(await adjustment).toMatchObject({
        code: "PAYMENT_REQUIRED",
        message: "The debit of $6.00 USDT is more than the balance of $4.00 USDT; a balance never goes below zero.",
      });
      const state = await stateOf(db(), m.id);
      expect(state.balance).toBe(4_000_000n);
      expect(state.entries.map((e) => e.amount)).toEqual([10_000_000n, -6_000_000n]);
    },
  );
});
