import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { findMemberCovers } from "#server/billing/complimentary/find-member-covers";
import { planTelegramChats, subscriptions } from "#server/db/schema";
import { createPlan } from "../../helpers/billing";
import { createCoverPlans, holdPlan } from "../../helpers/complimentary-cover";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";

const DAY = 24 * 3_600_000;

// The dashboard and the member's back-office page name each covered plan's gift from one query
// over all the member's plans: each plan gets its own cover, the longest running one, as the
// renewal would choose it.
describeEachDatabase("the covers of all a member's plans at once", (database) => {
  const db = () => database().db;

  it("maps each covered plan to its longest running gift, and leaves out the plan outside it and one on trial", async () => {
    const plans = await createCoverPlans(db());
    const { id: userId } = await createMember(db());
    const now = Date.now();
    const vip = await holdPlan(db(), { userId, planId: plans.vip.id, due: new Date(now + 10 * DAY) });
    const pro = await holdPlan(db(), { userId, planId: plans.pro.id, due: new Date(now + 10 * DAY) });
    const bot = await holdPlan(db(), { userId, planId: plans.bot.id, due: new Date(now + 10 * DAY) });
    // VIP's channel and one of its own, not Pro's other one: a second gift for VIP only.
    const vipPlus = await createPlan(db(), "VIP Plus", 90n * 1_000_000n);
    await db()
      .insert(planTelegramChats)
      .values([-4002, -4005].map((chatId) => ({ planId: vipPlus.id, chatId })));
    const allEnds = new Date(now + 20 * DAY);
    const vipPlusEnds = new Date(now + 60 * DAY);
    await holdPlan(db(), { userId, planId: plans.all.id, due: allEnds, complimentary: true });
    await holdPlan(db(), { userId, planId: vipPlus.id, due: vipPlusEnds, complimentary: true });
    // Another member's gift covers nothing of this one's.
    const { id: otherId } = await createMember(db());
    await holdPlan(db(), { userId: otherId, planId: plans.all.id, due: null, complimentary: true, period: "lifetime" });

    const covers = await findMemberCovers({ db: db(), userId });
    expect(Object.fromEntries(covers)).toEqual({
      [vip.id]: { gift: "VIP Plus", until: vipPlusEnds.toISOString() },
      [pro.id]: { gift: "All-in-One", until: allEnds.toISOString() },
    });
    expect(covers.has(bot.id)).toBe(false);

    // A plan still on its free trial is left out: only a renewal that would charge is covered.
    await db().update(subscriptions).set({ trialEndsAt: vip.nextBillingDate }).where(eq(subscriptions.id, vip.id));
    expect([...(await findMemberCovers({ db: db(), userId })).keys()]).toEqual([pro.id]);
  });
});
