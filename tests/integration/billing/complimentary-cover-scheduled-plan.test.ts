import { and, eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { nextDueDate } from "#server/billing/periods";
import { renewSubscription } from "#server/billing/renew-subscription";
import { sendRenewalReminders } from "#server/billing/send-renewal-reminders";
import { billingHistory, ledgerEntries, notifications, profiles, subscriptions } from "#server/db/schema";
import { createCoverPlans, holdPlan, renewalFigures, renewalReminders } from "../../helpers/complimentary-cover";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// A member paying for All-in-One who scheduled VIP Signals for their next renewal, then was given
// Pro (which includes VIP, not All-in-One): the plan held is not covered, but the plan the renewal
// switches to is. The change applies at the due date and, the plan now held being covered, nothing
// is charged, as at any covered renewal; reminders and the back office's figures say the same.
describeEachDatabase("a scheduled change to a plan inside a complimentary one", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });
  const subOf = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

  async function switching(options: { due: Date; giftEnds: Date | null; balance?: bigint }) {
    const plans = await createCoverPlans(db());
    const { id } = await createMember(db(), { balance: options.balance ?? 500_000_000n });
    const all = await holdPlan(db(), {
      userId: id,
      planId: plans.all.id,
      due: options.due,
      scheduled: { planId: plans.vip.id, period: "monthly" },
    });
    await holdPlan(db(), {
      userId: id,
      planId: plans.pro.id,
      due: options.giftEnds,
      complimentary: true,
      period: options.giftEnds ? "monthly" : "lifetime",
    });
    return { id, plans, all };
  }

  it("applies the change at the due date and charges nothing: the plan now held is covered", async () => {
    const due = new Date(Date.now() - HOUR);
    const { id, plans, all } = await switching({ due, giftEnds: null });

    expect(await renewSubscription({ db: db(), subscriptionId: all.id, now: new Date() })).toBe("skipped");
    const after = await subOf(all.id);
    expect(after.planId).toBe(plans.vip.id);
    expect(after.billingPeriod).toBe("monthly");
    expect(after.scheduledPlanId).toBeNull();
    expect(after.status).toBe("active");
    expect(after.nextBillingDate!.toISOString()).toBe(nextDueDate(due, "monthly", all.startDate).toISOString());
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, id));
    expect(entries.map((entry) => entry.kind)).toEqual(["adjustment"]);
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, id));
    expect(profile!.balance).toBe(500_000_000n);
    expect(await db().select().from(billingHistory).where(eq(billingHistory.userId, id))).toEqual([]);
    const notices = await db().select().from(notifications).where(eq(notifications.userId, id));
    expect(notices.map((row) => [row.kind, row.payload])).toEqual([
      [
        "renewal_covered",
        { plan: "VIP Signals", gift: "Pro", nextBillingDate: after.nextBillingDate!.toISOString().slice(0, 10) },
      ],
    ]);
  });

  it("moves the date to the gift's end when that comes first, then charges the smaller plan", async () => {
    const due = new Date(Date.now() - 20 * DAY);
    const giftEnds = new Date(Date.now() - HOUR);
    const { id, plans, all } = await switching({ due, giftEnds });

    expect(await renewSubscription({ db: db(), subscriptionId: all.id, now: new Date(due.getTime() + HOUR) })).toBe(
      "skipped",
    );
    const after = await subOf(all.id);
    expect(after.planId).toBe(plans.vip.id);
    expect(after.nextBillingDate!.toISOString()).toBe(giftEnds.toISOString());

    expect(await renewSubscription({ db: db(), subscriptionId: all.id, now: new Date() })).toBe("charged");
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, id));
    expect(profile!.balance).toBe(500_000_000n - 78_000_000n);
  });

  it("sends no top-up reminder and leaves it out of the due renewals, renewals at risk and MRR", async () => {
    const now = new Date();
    const in7Days = new Date(now.getTime() + 7 * DAY);
    // The database is shared by this file's tests: the figures are compared with those before.
    const figures = (userId: string) => renewalFigures(db(), { userId, until: in7Days });
    const reminded = (userId: string) => renewalReminders(db(), userId);
    const before = await figures("");
    const { id } = await switching({
      due: new Date(now.getTime() + 48 * HOUR),
      giftEnds: new Date(now.getTime() + 40 * DAY),
      balance: 0n,
    });

    await sendRenewalReminders({ db: db(), now });
    expect(await reminded(id)).toEqual([]);
    expect(await figures(id)).toEqual({ ...before, due: [] });

    // A gift ending before the due date leaves the switch charged: reminded and counted again.
    await db()
      .update(subscriptions)
      .set({ nextBillingDate: new Date(now.getTime() + DAY) })
      .where(and(eq(subscriptions.userId, id), eq(subscriptions.complimentary, true)));
    await sendRenewalReminders({ db: db(), now });
    expect((await reminded(id)).map((row) => row.payload.plan)).toEqual(["VIP Signals"]);
    expect(await figures(id)).toEqual({
      due: ["VIP Signals"],
      atRisk: before.atRisk + 1,
      mrr: before.mrr + 78_000_000n,
    });
  });
});
