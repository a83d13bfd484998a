import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { formatUsdt } from "~/lib/money";
import { priceCart, priceLine } from "~/lib/priced-lines";
import { priceFor } from "~/lib/pricing";
import type { Db } from "../db/client.ts";
import { pricing, profiles, subscriptions } from "../db/schema.ts";
import { dueWithinReminderWindow, enqueueReminders, type Reminder } from "./enqueue-reminders.ts";
import { formatShortfall, isoDate } from "./messages.ts";
import { planPriceAt } from "./plan-price-at.ts";
import { priceTrialConversion, trialPriceText } from "./trial-rules.ts";

/**
 * Tells members on a free trial that it ends: once 3 days before (72 hours) and once 1 day
 * before (24 hours; a trial first seen inside 24 hours gets only that one), by email and bot,
 * whatever their balance: with the price it continues at, whether the balance covers it, and how
 * to pay. A member paying for a plan the trial includes is told that plan ends at the conversion
 * and what the first charge is, less its unused part as it stands at the trial's end. Each reminder is sent once (enqueue-reminders.ts), each in its own transaction. Returns
 * how many were sent.
 */
export async function sendTrialReminders(options: { db: Db; now?: Date }): Promise<number> {
  const { db, now = new Date() } = options;
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
        dueWithinReminderWindow(now),
      ),
    )
    .orderBy(asc(subscriptions.nextBillingDate), asc(subscriptions.id));

  let sent = 0;
  for (const row of rows) {
    const endsAt = row.endsAt!;
    // What the conversion will charge: the price in force on the trial's last day.
    const monthly = (await planPriceAt({ tx: db, planId: row.planId, at: endsAt, subscribedAt: row.startDate }))!;
    const listed = priceCart([
      priceLine({ planId: row.planId, name: row.planName, listPrice: priceFor(monthly, "monthly") }),
    ]);
    // A plan the trial includes, paid for now, is credited at the conversion and ends then
    // (trial-rules.ts priceTrialConversion): the first charge is what is left, as its paid part stands today.
    const conversion = await priceTrialConversion({
      db,
      subscription: { id: row.subscriptionId, userId: row.userId, planId: row.planId, billingPeriod: "monthly" },
      cart: listed,
      at: endsAt,
    });
    const amount = conversion.cart.charged;
    // One whose paid period is over by then is not named: it will have ended or renewed first.
    const ending = conversion.replaced.filter((held) => held.daysLeft !== 0);
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
        ...(ending.length > 0
          ? {
              replaces: ending.map((held) => held.name).join(", "),
              firstCharge: formatUsdt(amount, { suffix: true }),
              credit: formatUsdt(conversion.cart.credit, { suffix: true }),
            }
          : {}),
        ...(row.balance < amount ? { shortfall: formatShortfall(amount - row.balance) } : {}),
      },
    };
    sent += await enqueueReminders({ db, now, reminders: [reminder] });
  }
  return sent;
}
