import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { runRenewals } from "#server/billing/renew-subscriptions";
import { startTrial } from "#server/billing/start-trial";
import { pricing, user } from "#server/db/schema";
import { getAdminOverview } from "#server/staff/overview/get-admin-overview";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";

// The overview's trial conversions come from the subscriptions and the renewal rows the
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
