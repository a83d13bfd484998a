import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { runRenewals } from "#server/billing/renew-subscriptions";
import { planChangeMessages, schedulePlanChange } from "#server/billing/schedule-plan-change";
import type { Db } from "#server/db/client";
import { billingHistory, ledgerEntries, planTelegramChats, profiles, subscriptions } from "#server/db/schema";
import { isAppError } from "#server/lib/errors";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { raceBehindGate, settle, type Settled } from "../../helpers/lock-waits";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;
const BOUGHT = new Date("2026-01-01T12:00:00Z");
const NOW = new Date("2026-01-11T12:00:00Z");
// Past VIP's due date, before All-in-One's: the renewal job then has only VIP to think about.
const VIP_DUE_PASSED = new Date("2026-02-01T12:01:00Z");

/**
 * "Change plan" (a smaller plan at the next renewal) chosen on a subscription at the moment an
 * upgrade ends that subscription. Either order is one outcome: the upgrade charges what it showed,
 * the subscription ends with its scheduled change (nothing renews it, nothing turns its autorenew
 * back on), the member holds one active plan, and the balance is its ledger.
 */
describeEachDatabase("a downgrade scheduled while an upgrade ends the same subscription", (database, kind) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  async function setUp(d: Db) {
    const tag = crypto.randomUUID().slice(0, 6);
    const make = async (name: string, price: number, chats: number[]) => {
      const plan = await createPlan(d, `${name} ${tag}`, usdt(price));
      await d.insert(planTelegramChats).values(chats.map((chatId) => ({ planId: plan.id, chatId })));
      return plan;
    };
    const basic = await make("Basic", 29, [-2002]);
    const vip = await make("VIP", 78, [-2002, -2004]);
    const all = await make("All-in-One", 150, [-2001, -2002, -2003, -2004]);
    const member = await createMember(d, { balance: usdt(1000) });
    await purchaseSubscriptions({
      ...{ db: d, userId: member.id, planIds: [vip.id], billingPeriod: "monthly" as const },
      ...{ totalAmount: usdt(78), idempotencyKey: crypto.randomUUID(), now: BOUGHT },
    });
    const [sub] = await d.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    return { basic, vip, all, member, sub: sub! };
  }
  type SetUp = Awaited<ReturnType<typeof setUp>>;

  const schedule = (d: Db, s: SetUp) =>
    schedulePlanChange({
      ...{ db: d, userId: s.member.id, subscriptionId: s.sub.id },
      ...{ planId: s.basic.id, billingPeriod: "monthly" as const, now: NOW },
    });

  /** The upgrade at the price the dashboard showed (VIP's unused 21 of 31 days credited). */
  const upgrade = (d: Db, s: SetUp) =>
    purchaseSubscriptions({
      ...{ db: d, userId: s.member.id, planIds: [s.all.id], billingPeriod: "monthly" as const },
      ...{ totalAmount: usdt(150) - usdt(52.83), idempotencyKey: crypto.randomUUID(), now: NOW },
    });

  async function expectOneOutcome(d: Db, s: SetUp, scheduled: Settled<unknown>, upgraded: Settled<unknown>) {
    if (!upgraded.ok) throw upgraded.error;
    // The change is taken (then ended with its subscription) or refused as no longer there.
    if (!scheduled.ok) {
      if (!isAppError(scheduled.error)) throw scheduled.error;
      expect(scheduled.error.message).toBe(planChangeMessages.notFound);
    }
    const settled = await runRenewals({ db: d, now: VIP_DUE_PASSED });
    expect(settled).toEqual({ charged: 0, expired: 0, failed: 0, errored: 0 });
    const subs = await d.select().from(subscriptions).where(eq(subscriptions.userId, s.member.id));
    expect(subs.filter((sub) => sub.status === "active").map((sub) => sub.planId)).toEqual([s.all.id]);
    expect(subs.some((sub) => sub.planId === s.basic.id)).toBe(false);
    expect(subs.find((sub) => sub.id === s.sub.id)).toMatchObject({
      planId: s.vip.id,
      status: "cancelled",
      autorenew: false,
    });
    const ledger = await d.select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.member.id));
    expect(ledger.filter((row) => row.kind === "renewal")).toEqual([]);
    const [bill] = await d
      .select({ credit: billingHistory.creditAmount, total: billingHistory.totalAmount })
      .from(billingHistory)
      .where(and(eq(billingHistory.userId, s.member.id), eq(billingHistory.listAmount, usdt(150))));
    expect(bill).toEqual({ credit: usdt(52.83), total: usdt(97.17) });
    const [profile] = await d.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, s.member.id));
    expect(profile!.balance).toBe(usdt(1000 - 78 - 97.17));
    return scheduled.ok ? "scheduled-then-ended" : "refused";
  }

  it("many times at once: one outcome, nothing renewed, one active plan", async () => {
    for (let round = 0; round < 10; round++) {
      const s = await setUp(db());
      const [scheduled, upgraded] =
        round % 2 === 0
          ? await Promise.all([settle(schedule(db(), s)), settle(upgrade(db(), s))])
          : await Promise.all([settle(upgrade(db(), s)), settle(schedule(db(), s))]).then(([u, c]) => [c, u] as const);
      await expectOneOutcome(db(), s, scheduled, upgraded);
    }
  });

  describe.skipIf(kind === "pglite")("PostgreSQL only: PGlite runs one transaction at a time", () => {
    it("the upgrade first, the change waiting behind it: the change is refused, the plan ends", async () => {
      const s = await setUp(db());
      // The gate holds the subscription row: the upgrade waits for it holding the member's row, and
      // the change must wait for the member's row rather than decide on what it read before.
      const [upgraded, scheduled] = await raceBehindGate({
        db: db(),
        userId: s.member.id,
        hold: (tx) =>
          tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, s.sub.id)).for("update"),
        first: () => upgrade(db(), s),
        second: () => schedule(db(), s),
      });
      expect(await expectOneOutcome(db(), s, scheduled, upgraded)).toBe("refused");
    });

    it("the change first, the upgrade waiting behind it: the upgrade ends the plan and its change", async () => {
      const s = await setUp(db());
      const [scheduled, upgraded] = await raceBehindGate({
        db: db(),
        userId: s.member.id,
        first: () => schedule(db(), s),
        second: () => upgrade(db(), s),
      });
      expect(await expectOneOutcome(db(), s, scheduled, upgraded)).toBe("scheduled-then-ended");
    });
  });
});
