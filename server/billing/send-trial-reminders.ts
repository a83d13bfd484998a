import { and, asc, eq, gt, isNotNull, isNull, lte } from "drizzle-orm";
import { formatUsdt } from "~/lib/money";
import { priceFor } from "~/lib/pricing";
import type { Db } from "../db/client.ts";
import { pricing, profiles, subscriptions } from "../db/schema.ts";
import { enqueueReminders, REMINDER_WINDOWS, type Reminder } from "./enqueue-reminders.ts";
import { ceilToCent, isoDate } from "./messages.ts";
import { planPriceAt } from "./plan-price-at.ts";
import { trialPriceText } from "./trial-rules.ts";

/**
 * Tells members on a free trial that it ends: once 3 days before (72 hours) and once 1 day
 * before (24 hours; a trial first seen inside 24 hours gets only that one), by email and bot,
 * whatever their balance: with the price it continues at, whether the balance covers it, and how
 * to pay. Each reminder is sent once (enqueue-reminders.ts), each in its own transaction. Returns
 * how many were sent.
 */
export async function sendTrialReminders(options: { db: Db; now?: Date }): Promise<number> {
  const { db, now = new Date() } = options;
  const horizon = new Date(now.getTime() + REMINDER_WINDOWS[1].ms);
  const rows = await db
    .select({
      subscriptionId: subscriptions.id,
      userId: subscriptions.userId,
      endsAt: subscriptions.nextBillingDate,
      planId: subscriptions.planId,
      startDate: subscriptions.startDate,
      autorenew: subscriptions.autorenew,
      planName: pricing.name,
      balance: profiles.balance,
    })
    .from(subscriptions)
    .innerJoin(pricing, eq(pricing.id, subscriptions.planId))
    .innerJoin(profiles, eq(profiles.id, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.status, "active"),
        isNotNull(subscriptions.trialEndsAt),
        isNull(subscriptions.trialConvertedAt),
        gt(subscriptions.nextBillingDate, now),
        lte(subscriptions.nextBillingDate, horizon),
      ),
    )
    .orderBy(asc(subscriptions.nextBillingDate), asc(subscriptions.id));

  let sent = 0;
  for (const row of rows) {
    const endsAt = row.endsAt!;
    // What the conversion will charge: the price in force on the trial's last day.
    const monthly = (await planPriceAt({ tx: db, planId: row.planId, at: endsAt, subscribedAt: row.startDate }))!;
    const amount = priceFor(monthly, "monthly");
    const covered = row.autorenew && row.balance >= amount;
    const reminder: Reminder = {
      subscriptionId: row.subscriptionId,
      userId: row.userId,
      dueAt: endsAt,
      notification: "trial_reminder",
      payload: {
        plan: row.planName,
        endsOn: isoDate(endsAt),
        price: trialPriceText(monthly),
        balance: formatUsdt(row.balance),
        covered: covered ? "yes" : "no",
        autorenew: row.autorenew ? "on" : "off",
        ...(row.balance < amount ? { shortfall: formatUsdt(ceilToCent(amount - row.balance)) } : {}),
      },
    };
    sent += await enqueueReminders({ db, now, reminders: [reminder] });
  }
  return sent;
}
