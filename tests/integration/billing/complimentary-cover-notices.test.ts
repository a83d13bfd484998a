import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { renewSubscription } from "#server/billing/renew-subscription";
import { sendRenewalReminders } from "#server/billing/send-renewal-reminders";
import { listMemberSubscriptions } from "#server/dashboard/list-member-subscriptions";
import { notifications, subscriptions } from "#server/db/schema";
import { createCoverPlans, giveAllInOne, holdPlan } from "../../helpers/complimentary-cover";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// A member paying for VIP Signals whom staff give All-in-One: VIP's renewals charge nothing while
// the gift runs past them, so the member is not asked to top up for them, is told why a renewal
// was not charged, and sees it on the dashboard.
describeEachDatabase("what a member is told about a plan inside a complimentary one", (database) => {
  const db = () => database().db;
  const sent = async (userId: string) =>
    db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

  async function member(options: { giftEnds: Date | null; due: Date }) {
    const plans = await createCoverPlans(db());
    const { id } = await createMember(db());
    const vip = await holdPlan(db(), { userId: id, planId: plans.vip.id, due: options.due });
    const bot = await holdPlan(db(), { userId: id, planId: plans.bot.id, due: options.due });
    const gift = await giveAllInOne(db(), { userId: id, plans, ends: options.giftEnds });
    return { id, vip, bot, gift };
  }

  it("sends no top-up reminder for a renewal the gift covers; the plan outside it is still reminded", async () => {
    const now = new Date();
    const { id } = await member({ giftEnds: null, due: new Date(now.getTime() + 48 * HOUR) });

    expect(await sendRenewalReminders({ db: db(), now })).toBe(1);
    const reminders = (await sent(id)).filter((row) => row.kind === "renewal_reminder");
    expect(reminders.map((row) => row.payload.plan)).toEqual(["Signals Bot"]);
    // Only Signals Bot's price is short: VIP adds nothing to what the balance must cover.
    expect(reminders[0]!.payload.shortfall).toBe("$20.00");
  });

  it("still reminds when the gift ends before the renewal: that one is charged", async () => {
    const now = new Date();
    const { id } = await member({
      giftEnds: new Date(now.getTime() + 24 * HOUR),
      due: new Date(now.getTime() + 48 * HOUR),
    });

    await sendRenewalReminders({ db: db(), now });
    const reminders = (await sent(id)).filter((row) => row.kind === "renewal_reminder");
    expect(reminders.map((row) => row.payload.plan).sort()).toEqual(["Signals Bot", "VIP Signals"]);
  });

  it("tells the member a skipped renewal was not charged, why, and when it renews", async () => {
    const due = new Date(Date.now() - HOUR);
    const giftEnds = new Date(due.getTime() + 10 * DAY);
    const { id, vip } = await member({ giftEnds, due });

    expect(await renewSubscription({ db: db(), subscriptionId: vip.id, now: new Date() })).toBe("skipped");
    const notices = (await sent(id)).filter((row) => row.kind === "renewal_covered");
    expect(notices.map((row) => row.payload)).toEqual([
      { plan: "VIP Signals", gift: "All-in-One", nextBillingDate: giftEnds.toISOString().slice(0, 10) },
    ]);
    const [after] = await db().select().from(subscriptions).where(eq(subscriptions.id, vip.id));
    expect(after!.nextBillingDate!.toISOString()).toBe(giftEnds.toISOString());
  });

  it("a charged renewal sends no such notice", async () => {
    const due = new Date(Date.now() - HOUR);
    const { id, bot } = await member({ giftEnds: null, due });
    await renewSubscription({ db: db(), subscriptionId: bot.id, now: new Date() });
    expect((await sent(id)).filter((row) => row.kind === "renewal_covered")).toEqual([]);
  });

  it("the dashboard names the gift a plan is included in and until when; not a plan outside it, nor one the gift ends before", async () => {
    const now = Date.now();
    const giftEnds = new Date(now + 40 * DAY);
    const covered = await member({ giftEnds, due: new Date(now + 10 * DAY) });
    const rows = await listMemberSubscriptions({ db: db(), userId: covered.id });
    const of = (id: string) => rows.find((row) => row.id === id)!;
    expect(of(covered.vip.id).coveredBy).toEqual({ gift: "All-in-One", until: giftEnds.toISOString() });
    expect(of(covered.bot.id).coveredBy).toBeNull();
    expect(of(covered.gift.id).coveredBy).toBeNull();

    const lifetime = await member({ giftEnds: null, due: new Date(now + 10 * DAY) });
    const [vip] = (await listMemberSubscriptions({ db: db(), userId: lifetime.id })).filter(
      (row) => row.id === lifetime.vip.id,
    );
    expect(vip!.coveredBy).toEqual({ gift: "All-in-One", until: null });

    const ending = await member({ giftEnds: new Date(now + 5 * DAY), due: new Date(now + 10 * DAY) });
    const rowsEnding = await listMemberSubscriptions({ db: db(), userId: ending.id });
    expect(rowsEnding.every((row) => row.coveredBy === null)).toBe(true);

    // Autorenew off: it ends at its date whatever the gift, so nothing is said to be covered.
    await db().update(subscriptions).set({ autorenew: false }).where(eq(subscriptions.id, covered.vip.id));
    const [off] = (await listMemberSubscriptions({ db: db(), userId: covered.id })).filter(
      (row) => row.id === covered.vip.id,
    );
    expect(off!.coveredBy).toBeNull();
  });
});
