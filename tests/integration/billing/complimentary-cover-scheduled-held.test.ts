import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { renewSubscription } from "#server/billing/renew-subscription";
import { sendRenewalReminders } from "#server/billing/send-renewal-reminders";
import {
  billingHistory,
  ledgerEntries,
  notifications,
  profiles,
  subscriptions,
  telegramChatMembers,
} from "#server/db/schema";
import { listStaleChatMembers } from "#server/telegram/entitlements";
import { createCoverPlans, holdPlan, renewalFigures, renewalReminders } from "../../helpers/complimentary-cover";
import { describeEachDatabase } from "../../helpers/database";
import { createVerifiedMember, expectLedgerInvariant } from "../../helpers/members";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// A member paying for All-in-One who scheduled VIP Signals for their next renewal, then was given
// VIP Signals itself: the switch cannot happen (they hold VIP already), and renewing All-in-One
// would charge for the plan they asked to leave. All-in-One ends at its date, uncharged, as any
// expiry; the gift's VIP goes on with its channel. Reminders and the back office's figures agree.
describeEachDatabase("a scheduled change to the very plan a gift is", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });
  const subOf = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

  async function switchingToGift(options: { due: Date; balance: bigint; telegram?: number }) {
    const plans = await createCoverPlans(db());
    const telegram = options.telegram === undefined ? undefined : BigInt(options.telegram);
    const { id } = await createVerifiedMember(db(), { balance: options.balance, telegram });
    const all = await holdPlan(db(), {
      userId: id,
      planId: plans.all.id,
      due: options.due,
      scheduled: { planId: plans.vip.id, period: "monthly" },
    });
    const gift = await holdPlan(db(), {
      userId: id,
      planId: plans.vip.id,
      due: null,
      complimentary: true,
      period: "lifetime",
    });
    return { id, plans, all, gift };
  }

  it("ends the plan held at its due date, uncharged, and tells the member; the gift's VIP goes on", async () => {
    const due = new Date(Date.now() - HOUR);
    const telegram = 700_000_000 + (Date.now() % 100_000_000);
    const { id, all, gift } = await switchingToGift({ due, balance: 500_000_000n, telegram });

    expect(await renewSubscription({ db: db(), subscriptionId: all.id, now: new Date() })).toBe("expired");
    const after = await subOf(all.id);
    expect(after.status).toBe("expired");
    expect(after.scheduledPlanId).toBeNull();
    expect(after.scheduledBillingPeriod).toBeNull();
    expect((await subOf(gift.id)).status).toBe("active");
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, id));
    expect(entries.map((entry) => entry.kind)).toEqual(["adjustment"]);
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, id));
    expect(profile!.balance).toBe(500_000_000n);
    expect(await db().select().from(billingHistory).where(eq(billingHistory.userId, id))).toEqual([]);
    const notices = await db().select().from(notifications).where(eq(notifications.userId, id));
    expect(notices.map((row) => [row.kind, row.payload])).toEqual([
      [
        "subscription_expired",
        { plan: "All-in-One", endedOn: due.toISOString().slice(0, 10), reason: "scheduled", continuing: "VIP Signals" },
      ],
    ]);

    // A second run (a retry) finds it no longer due: nothing more is written.
    expect(await renewSubscription({ db: db(), subscriptionId: all.id, now: new Date() })).toBe("skipped");
    expect(await db().select().from(notifications).where(eq(notifications.userId, id))).toHaveLength(1);

    // The removal sweep takes the member out of All-in-One's own channels, never VIP's: the gift gives it.
    await db()
      .insert(telegramChatMembers)
      .values([-4001, -4002, -4003].map((chatId) => ({ chatId, telegramUserId: telegram, userId: id })));
    const stale = await listStaleChatMembers({ db: db(), filter: { userIds: [id] } });
    expect(stale.map((row) => row.chatId).sort((a, b) => a - b)).toEqual([-4003, -4001]);
  });

  it("sends no top-up reminder and leaves it out of the due renewals, renewals at risk and MRR", async () => {
    const now = new Date();
    const in7Days = new Date(now.getTime() + 7 * DAY);
    // The database is shared by this file's tests: the figures are compared with those before.
    const figures = (userId: string) => renewalFigures(db(), { userId, until: in7Days });
    const reminded = (userId: string) => renewalReminders(db(), userId);
    const before = await figures("");
    const { id, gift } = await switchingToGift({ due: new Date(now.getTime() + 48 * HOUR), balance: 0n });

    await sendRenewalReminders({ db: db(), now });
    expect(await reminded(id)).toEqual([]);
    expect(await figures(id)).toEqual({ ...before, due: [] });

    // The gift revoked before the due date: the switch applies and is charged, so it is reminded and counted.
    await db().update(subscriptions).set({ status: "cancelled" }).where(eq(subscriptions.id, gift.id));
    await sendRenewalReminders({ db: db(), now });
    expect((await reminded(id)).map((row) => row.payload.plan)).toEqual(["VIP Signals"]);
    expect(await figures(id)).toEqual({
      due: ["VIP Signals"],
      atRisk: before.atRisk + 1,
      mrr: before.mrr + 78_000_000n,
    });
  });
});
