import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { notifications, planTelegramChats, subscriptions } from "#server/db/schema";
import { listDueRenewals } from "#server/staff/money/list-due-renewals";
import { getMrr } from "#server/staff/overview/get-mrr";
import { getRenewalsAtRisk } from "#server/staff/overview/get-renewals-at-risk";
import { createPlan } from "./billing";

const usdt = (n: number) => BigInt(n) * 1_000_000n;

/**
 * Plans by their channels: VIP Signals (one), Pro (VIP's and one more), All-in-One (Pro's and a
 * third) and Signals Bot (a channel of its own). A complimentary All-in-One covers VIP and Pro,
 * never Signals Bot.
 */
export async function createCoverPlans(db: Db) {
  const plan = async (name: string, price: number, chats: number[]) => {
    const created = await createPlan(db, name, usdt(price));
    await db.insert(planTelegramChats).values(chats.map((chatId) => ({ planId: created.id, chatId })));
    return created;
  };
  return {
    vip: await plan("VIP Signals", 78, [-4002]),
    pro: await plan("Pro", 120, [-4001, -4002]),
    all: await plan("All-in-One", 150, [-4001, -4002, -4003]),
    bot: await plan("Signals Bot", 20, [-4009]),
  };
}

/**
 * A subscription of the member's, active and autorenewing, started a month before `due` (its
 * next renewal); complimentary, `due` is the gift's end (null: never). `scheduled`: a change the
 * member chose for the next renewal.
 */
export async function holdPlan(
  db: Db,
  options: {
    userId: string;
    planId: number;
    due: Date | null;
    period?: "monthly" | "quarterly" | "lifetime";
    complimentary?: boolean;
    scheduled?: { planId: number; period: "monthly" | "quarterly" };
  },
) {
  const { userId, planId, due, period = "monthly", complimentary = false, scheduled } = options;
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId,
      planId,
      billingPeriod: period,
      startDate: new Date((due ?? new Date()).getTime() - 30 * 86_400_000),
      nextBillingDate: due,
      autorenew: !complimentary,
      complimentary,
      ...(scheduled
        ? { scheduledPlanId: scheduled.planId, scheduledBillingPeriod: scheduled.period, scheduledAt: new Date() }
        : {}),
    })
    .returning();
  return row!;
}

/**
 * The member's complimentary All-in-One, the gift that covers VIP Signals and Pro: a monthly one
 * ending at `ends`, or (`ends` null) a lifetime one that never ends.
 */
export async function giveAllInOne(
  db: Db,
  options: { userId: string; plans: Awaited<ReturnType<typeof createCoverPlans>>; ends: Date | null },
) {
  const { userId, plans, ends } = options;
  return holdPlan(db, {
    userId,
    planId: plans.all.id,
    due: ends,
    complimentary: true,
    period: ends ? "monthly" : "lifetime",
  });
}

/**
 * The back office's renewal figures for a member's renewals due within `until`: the plans of their
 * due renewals, and the whole renewals at risk and MRR (compared with those before, as a file's
 * tests share the database).
 */
export async function renewalFigures(db: Db, options: { userId: string; until: Date }) {
  const { userId, until } = options;
  return {
    due: (await listDueRenewals({ db, until, page: 1, pageSize: 50 })).rows
      .filter((row) => row.userId === userId)
      .map((row) => row.plan),
    atRisk: (await getRenewalsAtRisk({ db, in7Days: until.toISOString() })).subscriptions,
    mrr: (await getMrr({ db })).mrr,
  };
}

/** The renewal reminders a member was sent. */
export async function renewalReminders(db: Db, userId: string) {
  return (await db.select().from(notifications).where(eq(notifications.userId, userId))).filter(
    (row) => row.kind === "renewal_reminder",
  );
}
