import type { Db } from "#server/db/client";
import { planTelegramChats, subscriptions } from "#server/db/schema";
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
