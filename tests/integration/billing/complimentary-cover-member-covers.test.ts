import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { pendingChangeLine } from "~/lib/billing/complimentary-cover";
import { findMemberCovers } from "#server/billing/complimentary/find-member-covers";
import { renewSubscription } from "#server/billing/renew-subscription";
import { listMemberSubscriptions } from "#server/dashboard/list-member-subscriptions";
import { planTelegramChats, pricing, subscriptions } from "#server/db/schema";
import { listMemberSubscriptions as listStaffMemberSubscriptions } from "#server/staff/members/list-member-subscriptions";
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
      [vip.id]: { coveredBy: { gift: "VIP Plus", until: vipPlusEnds.toISOString() }, pendingChange: null },
      [pro.id]: { coveredBy: { gift: "All-in-One", until: allEnds.toISOString() }, pendingChange: null },
    });
    expect(covers.has(bot.id)).toBe(false);

    // A plan still on its free trial is left out: only a renewal that would charge is covered.
    await db().update(subscriptions).set({ trialEndsAt: vip.nextBillingDate }).where(eq(subscriptions.id, vip.id));
    expect([...(await findMemberCovers({ db: db(), userId })).keys()]).toEqual([pro.id]);
  });

  // A change scheduled for the next renewal, the plan held not covered: the renewal settles it
  // uncharged when the plan switched to is covered then and the change can happen, or when that
  // plan is held already (the plan held then ends); a plain downgrade is charged and gets nothing.
  async function scheduling(options: { held: "pro" | "all" }) {
    const plans = await createCoverPlans(db());
    const { id: userId } = await createMember(db());
    const due = new Date(Date.now() + 10 * DAY);
    const sub = await holdPlan(db(), {
      userId,
      planId: plans[options.held].id,
      due,
      scheduled: { planId: plans.vip.id, period: "monthly" },
    });
    return { plans, userId, due, sub };
  }

  it("reports a change to a plan a gift covers at the due date, unless the change cannot happen", async () => {
    const { plans, userId, due, sub } = await scheduling({ held: "pro" });
    // VIP's channel and one of its own: it covers VIP Signals, not Pro.
    const vipPlus = await createPlan(db(), "VIP Plus", 90n * 1_000_000n);
    await db()
      .insert(planTelegramChats)
      .values([-4002, -4005].map((chatId) => ({ planId: vipPlus.id, chatId })));
    const giftEnds = new Date(due.getTime() + 40 * DAY);
    const gift = await holdPlan(db(), { userId, planId: vipPlus.id, due: giftEnds, complimentary: true });

    const pendingChange = {
      kind: "covered",
      plan: "VIP Signals",
      on: due.toISOString(),
      gift: "VIP Plus",
      until: giftEnds.toISOString(),
    };
    expect(Object.fromEntries(await findMemberCovers({ db: db(), userId }))).toEqual({
      [sub.id]: { coveredBy: null, pendingChange },
    });
    // The member's dashboard and their back-office page carry it on the plan's row.
    const mine = (await listMemberSubscriptions({ db: db(), userId })).find((row) => row.id === sub.id);
    expect(mine).toMatchObject({ coveredBy: null, pendingChange });
    const staff = (await listStaffMemberSubscriptions({ db: db(), memberId: userId })).find((row) => row.id === sub.id);
    expect(staff).toMatchObject({ coveredBy: null, pendingChange });

    // VIP Signals withdrawn from sale: the change is dropped and Pro renews, charged.
    await db().update(pricing).set({ published: false }).where(eq(pricing.id, plans.vip.id));
    expect((await findMemberCovers({ db: db(), userId })).size).toBe(0);
    await db().update(pricing).set({ published: true }).where(eq(pricing.id, plans.vip.id));
    // A gift ending on the due date itself does not cover that renewal.
    await db().update(subscriptions).set({ nextBillingDate: due }).where(eq(subscriptions.id, gift.id));
    expect((await findMemberCovers({ db: db(), userId })).size).toBe(0);
  });

  it("reports a change to a plan held already: the plan held ends at its date, uncharged", async () => {
    const { plans, userId, due, sub } = await scheduling({ held: "all" });
    await holdPlan(db(), { userId, planId: plans.vip.id, due: null, complimentary: true, period: "lifetime" });

    expect(Object.fromEntries(await findMemberCovers({ db: db(), userId }))).toEqual({
      [sub.id]: {
        coveredBy: null,
        pendingChange: { kind: "held", held: "All-in-One", plan: "VIP Signals", on: due.toISOString() },
      },
    });
  });

  // The renewal ends the plan held for a switch to a plan held before it looks at any cover: a
  // plan held both covered and switching to a plan held is said as ending, not as covered.
  it("reports a covered plan whose change is to a plan held already as ending, as its renewal ends it", async () => {
    const { plans, userId, due, sub } = await scheduling({ held: "pro" });
    await holdPlan(db(), { userId, planId: plans.all.id, due: null, complimentary: true, period: "lifetime" });
    // VIP Signals held and paid for (the gift covers it too, said on its own row).
    const vip = await holdPlan(db(), { userId, planId: plans.vip.id, due: new Date(due.getTime() + 30 * DAY) });

    const pendingChange = { kind: "held", held: "Pro", plan: "VIP Signals", on: due.toISOString() } as const;
    expect(Object.fromEntries(await findMemberCovers({ db: db(), userId }))).toEqual({
      [sub.id]: { coveredBy: null, pendingChange },
      [vip.id]: { coveredBy: { gift: "All-in-One", until: null }, pendingChange: null },
    });
    const mine = (await listMemberSubscriptions({ db: db(), userId })).find((row) => row.id === sub.id);
    expect(mine).toMatchObject({ coveredBy: null, pendingChange });
    const staff = (await listStaffMemberSubscriptions({ db: db(), memberId: userId })).find((row) => row.id === sub.id);
    expect(staff).toMatchObject({ coveredBy: null, pendingChange });
    expect(pendingChangeLine(pendingChange, (iso) => iso.slice(0, 10))).toBe(
      `Pro ends on ${due.toISOString().slice(0, 10)} as scheduled, uncharged: VIP Signals continues under the plan you already have.`,
    );

    // What the renewal does at that date: the plan held ends, uncharged.
    expect(await renewSubscription({ db: db(), subscriptionId: sub.id, now: new Date(due.getTime() + 60_000) })).toBe(
      "expired",
    );
  });

  it("reports nothing for a plain scheduled downgrade, which the renewal charges", async () => {
    const { plans, userId } = await scheduling({ held: "pro" });
    // A gift of another channel altogether covers neither plan.
    await holdPlan(db(), { userId, planId: plans.bot.id, due: null, complimentary: true, period: "lifetime" });

    expect((await findMemberCovers({ db: db(), userId })).size).toBe(0);
    const rows = await listMemberSubscriptions({ db: db(), userId });
    expect(rows.every((row) => row.coveredBy === null && row.pendingChange === null)).toBe(true);
  });
});
