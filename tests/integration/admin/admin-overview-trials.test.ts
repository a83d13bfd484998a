import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { runRenewals } from "#server/billing/renew-subscriptions";
import { startTrial } from "#server/billing/start-trial";
import { planTelegramChats, pricing, subscriptions, user } from "#server/db/schema";
import { getAdminOverview } from "#server/staff/overview/get-admin-overview";
import { createPlan, createTrialPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, createVerifiedMember } from "../../helpers/members";

// The overview's trial conversions (and churn, below, for the upgrades that end plans) come from the subscriptions and the renewal rows the
// conversions wrote: started, converted, ended unpaid and charged over 30 days; a running trial
// is not in the MRR until its first charge, nor a renewal at risk.

const DAY = 86_400_000;
const NOW = new Date("2026-11-28T12:00:00.000Z");
const PRICE = 49_000_000n;

describeEachDatabase("overview: trial conversions", (database) => {
  const db = () => database().db;

  it("counts trials started, converted and ended unpaid, and what the conversions charged", async () => {
    const plan = await createPlan(db(), "VIP", PRICE);
    await db().update(pricing).set({ trialDays: 7 }).where(eq(pricing.id, plan.id));
    const trial = async (balance: bigint, startedDaysAgo: number) => {
      const member = await createMember(db(), { balance });
      await db().update(user).set({ emailVerified: true }).where(eq(user.id, member.id));
      await startTrial({
        db: db(),
        userId: member.id,
        planId: plan.id,
        now: new Date(NOW.getTime() - startedDaysAgo * DAY),
      });
    };
    await trial(PRICE + 1_000_000n, 10); // ends 3 days ago, covered: converts
    await trial(5_000_000n, 9); // ends 2 days ago, short: ends unpaid
    await trial(PRICE * 2n, 2); // still running, ends in 5 days, covered
    await trial(5_000_000n, 1); // still running, ends in 6 days, short: will not convert
    await trial(PRICE * 3n, 50); // started and converted in the 30 days before, renewed since
    await runRenewals({ db: db(), now: new Date(NOW.getTime() - 43 * DAY) });
    await runRenewals({ db: db(), now: NOW });

    const overview = await getAdminOverview({ db: db(), role: "owner", now: NOW });
    expect(overview.money!.trials).toEqual({
      days30: { started: 4, converted: 1, endedUnpaid: 1, charged: PRICE.toString() },
      previous30: { started: 1, converted: 1, endedUnpaid: 0, charged: PRICE.toString() },
      onTrialNow: 2,
    });
    // A trial about to end unconverted is no renewal at risk (its member never paid): it is
    // counted apart.
    expect(overview.money!.renewalsAtRisk).toEqual({ subscriptions: 0, members: 0, shortfall: "0", trials: 1 });
    // The two converted trials pay; the running ones do not yet.
    expect(overview.money!.mrrSubscriptions).toBe(2);
    expect(overview.money!.mrr).toBe((PRICE * 2n).toString());
  });
});

// An upgrade ends the plans it includes (cancelled): the member stayed and pays more, so the paid
// plan it replaced is no churn and the free trials it replaced converted. A plan left to expire is
// churn.
describeEachDatabase("overview: plans an upgrade replaced", (database) => {
  const db = () => database().db;

  it("an upgrade's replaced paid plan is not churn, its replaced trials converted; an expired plan is churn", async () => {
    const withChats = async <T extends { id: number }>(plan: T, chats: number[]) => {
      await db()
        .insert(planTelegramChats)
        .values(chats.map((chatId) => ({ planId: plan.id, chatId })));
      return plan;
    };
    const signals = await withChats(await createPlan(db(), "Signals Bot", 78_000_000n), [-7001]);
    const vip = await withChats(await createTrialPlan(db(), { name: "VIP Signals" }), [-7002]);
    const copy = await withChats(
      await createTrialPlan(db(), { name: "Copy Trading Bot", price: 60_000_000n }),
      [-7003],
    );
    const all = await withChats(await createPlan(db(), "All-in-One", 150_000_000n), [-7001, -7002, -7003]);
    const buy = (userId: string, planId: number, totalAmount: bigint, now: Date) =>
      purchaseSubscriptions({
        db: db(),
        userId,
        planIds: [planId],
        billingPeriod: "monthly",
        totalAmount,
        idempotencyKey: crypto.randomUUID(),
        now,
      });

    // On the real clock: the renewal sweep stamps an expiry with the time it runs.
    const started = new Date();
    // m1, 12 days ago: Signals Bot paid, trials of VIP Signals and Copy Trading Bot, then All-in-One
    // the same day (Signals Bot's whole price credited: 150 − 78). The trials would have ended 5
    // days ago.
    const day = new Date(Date.UTC(started.getUTCFullYear(), started.getUTCMonth(), started.getUTCDate() - 12, 1));
    const at = (hours: number) => new Date(day.getTime() + hours * 3_600_000);
    const m1 = await createVerifiedMember(db(), { balance: 150_000_000n });
    await buy(m1.id, signals.id, 78_000_000n, at(0));
    await startTrial({ db: db(), userId: m1.id, planId: vip.id, now: at(1) });
    await startTrial({ db: db(), userId: m1.id, planId: copy.id, now: at(1) });
    await buy(m1.id, all.id, 72_000_000n, at(2));
    const ended = await db()
      .select({ status: subscriptions.status })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, m1.id), eq(subscriptions.status, "cancelled")));
    expect(ended).toHaveLength(3);

    // m2 bought Signals Bot 40 days ago and could not pay its renewal 10 days ago: it expired.
    const m2 = await createMember(db(), { balance: 78_000_000n });
    await buy(m2.id, signals.id, 78_000_000n, new Date(started.getTime() - 40 * DAY));
    await runRenewals({ db: db(), now: started });

    const overview = await getAdminOverview({ db: db(), role: "owner", now: new Date() });
    // Ended: m2's Signals Bot alone. Active 30 days ago: m2's Signals Bot.
    expect(overview.money!.churn30d).toEqual({ ended: 1, activeAtStart: 1 });
    expect(overview.money!.trials).toEqual({
      days30: { started: 2, converted: 2, endedUnpaid: 0, charged: "0" },
      previous30: { started: 0, converted: 0, endedUnpaid: 0, charged: "0" },
      onTrialNow: 0,
    });
    expect(overview.money!.mrrSubscriptions).toBe(1);
  });
});
