import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { renewSubscription } from "#server/billing/renew-subscription";
import { listMemberSubscriptions } from "#server/dashboard/list-member-subscriptions";
import { ledgerEntries, profiles, subscriptions } from "#server/db/schema";
import { createCoverPlans, giveAllInOne, holdPlan } from "../../helpers/complimentary-cover";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// A member paying for Pro who scheduled VIP Signals for their next renewal, then was given
// All-in-One (which includes Pro): the renewals the gift covers charge nothing and change nothing,
// and the change they chose takes effect at the first renewal that is charged.
describeEachDatabase("a scheduled change on a plan inside a complimentary one", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });
  const subOf = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

  async function downgrading(options: { period: "monthly" | "quarterly"; giftEnds: Date | null; due: Date }) {
    const plans = await createCoverPlans(db());
    const { id } = await createMember(db(), { balance: 500_000_000n });
    const pro = await holdPlan(db(), {
      userId: id,
      planId: plans.pro.id,
      due: options.due,
      period: options.period,
      scheduled: { planId: plans.vip.id, period: "monthly" },
    });
    const gift = await giveAllInOne(db(), { userId: id, plans, ends: options.giftEnds });
    return { id, plans, pro, gift };
  }

  it("keeps the change pending through a covered renewal, moved on by the plan's own period", async () => {
    const due = new Date(Date.now() - HOUR);
    const { id, plans, pro } = await downgrading({ period: "quarterly", giftEnds: null, due });

    expect(await renewSubscription({ db: db(), subscriptionId: pro.id, now: new Date() })).toBe("skipped");
    const after = await subOf(pro.id);
    expect(after.planId).toBe(plans.pro.id);
    expect(after.billingPeriod).toBe("quarterly");
    expect(after.scheduledPlanId).toBe(plans.vip.id);
    expect(after.scheduledBillingPeriod).toBe("monthly");
    // A quarter on (Pro's period), not a month (the change's).
    expect(after.nextBillingDate!.getTime()).toBeGreaterThan(due.getTime() + 85 * DAY);
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, id));
    expect(entries.map((entry) => entry.kind)).toEqual(["adjustment"]);

    // The dashboard still shows the change scheduled, and the plan as covered.
    const [row] = (await listMemberSubscriptions({ db: db(), userId: id })).filter((r) => r.id === pro.id);
    expect(row!.scheduled).toEqual({ planId: plans.vip.id, planName: "VIP Signals", billingPeriod: "monthly" });
    expect(row!.coveredBy).toEqual({ gift: "All-in-One", until: null });
  });

  it("applies the change at the first renewal charged once the gift has ended, at the smaller plan's price", async () => {
    const due = new Date(Date.now() - 20 * DAY);
    const giftEnds = new Date(Date.now() - HOUR);
    const { id, plans, pro, gift } = await downgrading({ period: "monthly", giftEnds, due });

    expect(await renewSubscription({ db: db(), subscriptionId: pro.id, now: new Date(due.getTime() + HOUR) })).toBe(
      "skipped",
    );
    expect((await subOf(pro.id)).nextBillingDate!.toISOString()).toBe(giftEnds.toISOString());
    expect((await subOf(pro.id)).scheduledPlanId).toBe(plans.vip.id);

    expect(await renewSubscription({ db: db(), subscriptionId: gift.id, now: new Date() })).toBe("expired");
    expect(await renewSubscription({ db: db(), subscriptionId: pro.id, now: new Date() })).toBe("charged");
    const after = await subOf(pro.id);
    expect(after.planId).toBe(plans.vip.id);
    expect(after.billingPeriod).toBe("monthly");
    expect(after.scheduledPlanId).toBeNull();
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, id));
    expect(profile!.balance).toBe(500_000_000n - 78_000_000n);
  });
});
