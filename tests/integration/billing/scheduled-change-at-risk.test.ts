import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { schedulePlanChange } from "#server/billing/schedule-plan-change";
import { sendRenewalReminders } from "#server/billing/send-renewal-reminders";
import { notifications, planTelegramChats, subscriptions } from "#server/db/schema";
import { listDueRenewals } from "#server/staff/money/list-due-renewals";
import { getAdminOverview } from "#server/staff/overview/get-admin-overview";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";

const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;
const DAY = 86_400_000;

// A renewal that will apply a scheduled change charges the smaller plan's price: a member whose
// balance covers that is not warned to top up, nor counted at risk on the overview.
describeEachDatabase("a scheduled change and the renewals at risk", (database) => {
  const db = () => database().db;

  it("counts the renewal at the price of the plan it changes to", async () => {
    const now = new Date();
    const make = async (name: string, price: number, chats: number[]) => {
      const plan = await createPlan(db(), name, usdt(price));
      await db()
        .insert(planTelegramChats)
        .values(chats.map((chatId) => ({ planId: plan.id, chatId })));
      return plan;
    };
    const vip = await make("VIP Signals", 78, [-4002]);
    const all = await make("All-in-One", 150, [-4001, -4002]);
    const member = await createMember(db(), { balance: usdt(250) });
    const bought = new Date(now.getTime() - 28 * DAY);
    await purchaseSubscriptions({
      db: db(),
      userId: member.id,
      planIds: [all.id],
      billingPeriod: "monthly",
      totalAmount: usdt(150),
      idempotencyKey: crypto.randomUUID(),
      now: bought,
    });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    // Due in about two days; 100 USDT left: short of All-in-One, enough for VIP Signals.
    expect(sub!.nextBillingDate!.getTime() - now.getTime()).toBeLessThan(4 * DAY);
    await schedulePlanChange({
      db: db(),
      userId: member.id,
      subscriptionId: sub!.id,
      planId: vip.id,
      billingPeriod: "monthly",
    });

    const { renewalsAtRisk } = (await getAdminOverview({ db: db(), role: "owner", now })).money!;
    expect(renewalsAtRisk).toMatchObject({ members: 0, subscriptions: 0, shortfall: "0" });
    // The back office's renewals due list: VIP Signals at its price, covered.
    const due = await listDueRenewals({ db: db(), until: new Date(now.getTime() + 7 * DAY), page: 1, pageSize: 50 });
    expect(due).toMatchObject({ atRisk: 0, shortfall: "0", amount: usdt(78).toString() });
    expect(due.rows).toEqual([
      expect.objectContaining({ plan: "VIP Signals", amount: usdt(78).toString(), shortfall: "0" }),
    ]);
    expect(await sendRenewalReminders({ db: db(), now })).toBe(0);
    const sent = await db().select().from(notifications).where(eq(notifications.userId, member.id));
    expect(sent.map((row) => row.kind)).not.toContain("renewal_reminder");
  });
});
