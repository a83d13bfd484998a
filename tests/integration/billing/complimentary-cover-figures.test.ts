import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { subscriptions } from "#server/db/schema";
import { listDueRenewals } from "#server/staff/money/list-due-renewals";
import { getMrr } from "#server/staff/overview/get-mrr";
import { getRenewalsAtRisk } from "#server/staff/overview/get-renewals-at-risk";
import { createCoverPlans, holdPlan } from "../../helpers/complimentary-cover";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";

const DAY = 86_400_000;

// The back office counts what renewals will charge: a paid plan a complimentary one includes past
// its due date is charged nothing then, so it is not due, not at risk and brings no MRR. A gift
// that ends before the due date leaves the renewal counted as any other.
describeEachDatabase("the back office's figures for a plan inside a complimentary one", (database) => {
  const db = () => database().db;

  async function figures() {
    const in7Days = new Date(Date.now() + 7 * DAY);
    const due = await listDueRenewals({ db: db(), until: in7Days, page: 1, pageSize: 50 });
    const atRisk = await getRenewalsAtRisk({ db: db(), in7Days: in7Days.toISOString() });
    const mrr = await getMrr({ db: db() });
    return {
      due: due.rows.map((row) => row.plan).sort(),
      dueAmount: due.amount,
      atRisk,
      mrr: mrr.mrr,
      paid: mrr.subscriptions,
    };
  }

  it("leaves a covered renewal out of the due list, the renewals at risk and MRR, until the gift ends before one", async () => {
    const plans = await createCoverPlans(db());
    const { id } = await createMember(db());
    const renews = new Date(Date.now() + 3 * DAY);
    await holdPlan(db(), { userId: id, planId: plans.vip.id, due: renews });
    await holdPlan(db(), { userId: id, planId: plans.bot.id, due: renews });
    const before = await figures();
    expect(before.due).toEqual(["Signals Bot", "VIP Signals"]);
    expect(before.mrr).toBe(98_000_000n);

    // Staff give All-in-One for 30 days: VIP's renewal in 3 days is not charged.
    const gift = await holdPlan(db(), {
      userId: id,
      planId: plans.all.id,
      due: new Date(Date.now() + 30 * DAY),
      complimentary: true,
    });
    const covered = await figures();
    expect(covered.due).toEqual(["Signals Bot"]);
    expect(covered.dueAmount).toBe("20000000");
    expect(covered.atRisk).toEqual({ subscriptions: 1, members: 1, shortfall: 20_000_000n, trials: 0 });
    expect(covered.mrr).toBe(20_000_000n);
    expect(covered.paid).toBe(1);

    // A gift ending before VIP's due date: that renewal is charged, and counted again.
    await db()
      .update(subscriptions)
      .set({ nextBillingDate: new Date(Date.now() + DAY) })
      .where(eq(subscriptions.id, gift.id));
    const ending = await figures();
    expect(ending.due).toEqual(["Signals Bot", "VIP Signals"]);
    expect(ending.mrr).toBe(98_000_000n);
  });
});
