import crypto from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, expect, it } from "vitest";
import { MemberMoneySection } from "~/components/admin/members/member-money-section";
import * as route from "~/routes/api/admin/api.admin.members.$memberId.balance";
import { adjustBalance } from "#server/billing/adjust-balance";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { auditLog, billingHistory, ledgerEntries, planTelegramChats, profiles } from "#server/db/schema";
import { getMemberMoney } from "#server/staff/members/get-member-money";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { callAction } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-member-balance");

describeEachDatabase("the member page's credit and debit", (database) => {
  const db = () => database().db;
  let owner: Awaited<ReturnType<typeof signUpStaff>>;
  let support: Awaited<ReturnType<typeof signUpStaff>>;
  let keys = 0;
  const newKey = () => `test-key-${Date.now()}-${++keys}`;

  const post = (who: { cookie: string }, memberId: string, form: Record<string, string>) =>
    callAction(route, {
      path: `/api/admin/members/${memberId}/balance`,
      params: { memberId },
      cookie: who.cookie,
      form,
    });
  const balanceOf = async (memberId: string) =>
    (await db().select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, memberId)))[0]!.balance;
  const staffRows = (memberId: string) =>
    db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, memberId), like(ledgerEntries.reference, "staff-adjust:%")));

  useProcessDatabase(database);
  beforeAll(async () => {
    [owner, support] = await Promise.all([signUpStaff(db(), "owner"), signUpStaff(db(), "support")]);
  });

  it("credits: one adjustment ledger row, a billing row, audited with the balance before → after", async () => {
    const m = await createMember(db());
    const key = newKey();
    const answer = await post(owner, m.id, { direction: "credit", amount: "12.5", reason: "Goodwill", key });
    expect(answer).toMatchObject({ status: 200, data: { ok: true, applied: true, balance: "12500000" } });
    const rows = await staffRows(m.id);
    expect(rows).toEqual([
      expect.objectContaining({ kind: "adjustment", amount: 12_500_000n, reference: `staff-adjust:${key}` }),
    ]);
    expect(rows[0]!.memo).toContain(owner.email);
    const bills = await db().select().from(billingHistory).where(eq(billingHistory.userId, m.id));
    expect(bills).toEqual([expect.objectContaining({ totalAmount: 12_500_000n, paymentType: "Balance adjustment" })]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, m.id), eq(auditLog.action, "member.balance-credit")));
    expect(audit).toMatchObject({
      targetType: "member",
      actorLabel: owner.email,
      before: { balance: "0" },
      after: { balance: "12500000" },
    });
    await expectLedgerInvariant(db());
  });

  it("debits, and refuses a debit larger than the balance with a clear message, writing nothing", async () => {
    const m = await createMember(db(), { balance: 10_000_000n });
    const ok = await post(owner, m.id, { direction: "debit", amount: "4", reason: "Refunded off-site", key: newKey() });
    expect(ok).toMatchObject({ status: 200, data: { ok: true, balance: "6000000" } });
    const refused = await post(owner, m.id, { direction: "debit", amount: "6.01", reason: "Too much", key: newKey() });
    expect(refused.status).toBe(402);
    expect(refused.data).toMatchObject({ ok: false, error: expect.stringMatching(/more than the balance of \$6\.00/) });
    expect(await balanceOf(m.id)).toBe(6_000_000n);
    expect(await staffRows(m.id)).toHaveLength(1);
    // The debit has its billing row, as a credit does; the refused one wrote none.
    const bills = await db().select().from(billingHistory).where(eq(billingHistory.userId, m.id));
    expect(bills).toEqual([
      expect.objectContaining({
        totalAmount: 4_000_000n,
        paymentType: "Balance adjustment",
        description: "Refunded off-site",
      }),
    ]);
    // The member page's billing history shows it taken away, signed as the ledger has it.
    const money = await getMemberMoney({ db: db(), memberId: m.id, ledgerPage: 1 });
    expect(money!.invoices).toEqual([expect.objectContaining({ totalAmount: "4000000", amount: "-4000000" })]);
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, m.id));
    expect(audits.map((a) => a.action)).toEqual(["member.balance-debit"]);
  });

  it("refuses bad amounts and a missing reason", async () => {
    const m = await createMember(db());
    for (const amount of ["0", "-5", "abc", "1.1234567", "", "1e3"]) {
      const bad = await post(owner, m.id, { direction: "credit", amount, reason: "x", key: newKey() });
      expect(bad.status, amount).toBe(400);
      expect(bad.data).toMatchObject({ ok: false, fieldErrors: { amount: expect.any(String) } });
    }
    const noReason = await post(owner, m.id, { direction: "credit", amount: "5", reason: "  ", key: newKey() });
    expect(noReason).toMatchObject({ status: 400, data: { fieldErrors: { reason: "Reason is required" } } });
    expect(await balanceOf(m.id)).toBe(0n);
  });

  it("credits once for a replayed key and answers the same", async () => {
    const m = await createMember(db());
    const form = { direction: "credit", amount: "7", reason: "Replay", key: newKey() };
    const first = await post(owner, m.id, form);
    const second = await post(owner, m.id, form);
    expect(first.data).toMatchObject({ ok: true, balance: "7000000" });
    expect(second.data).toMatchObject({ ok: true, balance: "7000000" });
    expect(await staffRows(m.id)).toHaveLength(1);
    expect(await balanceOf(m.id)).toBe(7_000_000n);
  });

  it("credits once for two concurrent posts of the same key", async () => {
    const m = await createMember(db());
    const form = { direction: "credit", amount: "3", reason: "Double click", key: newKey() };
    const answers = await Promise.all([post(owner, m.id, form), post(owner, m.id, form)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await staffRows(m.id)).toHaveLength(1);
    expect(await balanceOf(m.id)).toBe(3_000_000n);
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, m.id));
    expect(audits).toHaveLength(1);
    await expectLedgerInvariant(db());
  });

  it("uses the same ledger code as the ops credit command", async () => {
    const m = await createMember(db());
    await adjustBalance({
      db: db(),
      email: m.email,
      amount: 2_000_000n,
      reference: "t1",
      reason: "ops",
      actor: "cli:x",
    });
    await post(owner, m.id, { direction: "credit", amount: "2", reason: "staff", key: newKey() });
    const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, m.id));
    expect(rows.map((r) => [r.kind, r.amount])).toEqual([
      ["adjustment", 2_000_000n],
      ["adjustment", 2_000_000n],
    ]);
    expect(rows.map((r) => r.reference.split(":")[0]).sort()).toEqual(["ops", "staff-adjust"]);
  });

  it("is refused to support (no money.write)", async () => {
    const m = await createMember(db());
    const answer = await post(support, m.id, { direction: "credit", amount: "5", reason: "x", key: newKey() });
    expect(answer.status).toBe(404);
    expect(await balanceOf(m.id)).toBe(0n);
  });
});

const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;

/**
 * An operator on a member's page sees an upgrade's credit on its billing row: what it was for
 * (the unused days of the plan it replaced) and how much, as the member's own bill says it.
 */
describeEachDatabase("the member page's billing rows after an upgrade", (database) => {
  const db = () => database().db;

  it("names the credit and its amount on the upgrade's row, and on no other", async () => {
    const make = async (name: string, price: number, chats: number[]) => {
      const plan = await createPlan(db(), name, usdt(price));
      await db()
        .insert(planTelegramChats)
        .values(chats.map((chatId) => ({ planId: plan.id, chatId })));
      return plan;
    };
    const vip = await make("VIP Signals", 78, [-2002]);
    const all = await make("All-in-One", 150, [-2001, -2002]);
    const member = await createMember(db(), { balance: usdt(500) });
    const buy = (planId: number, totalAmount: bigint, now: Date) =>
      purchaseSubscriptions({
        ...{ db: db(), userId: member.id, planIds: [planId], billingPeriod: "monthly" as const },
        ...{ totalAmount, idempotencyKey: crypto.randomUUID(), now },
      });
    await buy(vip.id, usdt(78), new Date("2026-01-01T12:00:00Z"));
    // 21 of January's 31 days unused: 78 × 21 / 31 = 52.838…, rounded down to the cent.
    await buy(all.id, usdt(150 - 52.83), new Date("2026-01-11T12:00:00Z"));
    await expectLedgerInvariant(db());

    const money = await getMemberMoney({ db: db(), memberId: member.id, ledgerPage: 1 });
    const [upgrade, first] = money!.invoices;
    expect(upgrade).toMatchObject({
      totalAmount: usdt(97.17).toString(),
      creditAmount: usdt(52.83).toString(),
      creditNote: "Credit for unused 21 days of VIP Signals",
    });
    expect(first).toMatchObject({ creditAmount: "0", creditNote: null });

    const html = renderToStaticMarkup(
      createElement(MemberMoneySection, { money: money!, search: "", adjustFor: null }),
    );
    expect(html).toContain("Credit for unused 21 days of VIP Signals: \u2212$52.83 USDT");
    expect(html.match(/data-slot="invoice-credit"/g)).toHaveLength(1);
  });
});
