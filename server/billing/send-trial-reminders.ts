import { and, asc, eq, gt, isNotNull, isNull, lte } from "drizzle-orm";
import { formatUsdt } from "~/lib/money";
import { priceFor } from "~/lib/pricing";
import type { Db } from "../db/client.ts";
import { pricing, profiles, renewalReminders, subscriptions } from "../db/schema.ts";
import { enqueueNotification } from "../notifications/enqueue-notification.ts";
import { ceilToCent, isoDate } from "./messages.ts";
import { planPriceAt } from "./plan-price-at.ts";
import { REMINDER_WINDOWS } from "./send-renewal-reminders.ts";
import { trialPriceText } from "./trial-rules.ts";

/**
 * Tells members on a free trial that it ends: once 3 days before (72 hours) and once 1 day
 * before (24 hours; a trial first seen inside 24 hours gets only that one), by email and bot,
 * whatever their balance: with the price it continues at, whether the balance covers it, and how
 * to pay. Each reminder is a renewal_reminders row (subscription, end, window) inserted with
 * `on conflict do nothing`, its notification queued in the same transaction only when the row was
 * new, so a rerun, a restart or a second instance never sends one twice. Returns how many were sent.
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
    const kind = endsAt.getTime() - now.getTime() <= REMINDER_WINDOWS[0].ms ? "24h" : "72h";
    const covered = row.autorenew && row.balance >= amount;
    sent += await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(renewalReminders)
        .values({ subscriptionId: row.subscriptionId, dueAt: endsAt, kind })
        .onConflictDoNothing()
        .returning({ kind: renewalReminders.kind });
      if (inserted.length === 0) return 0;
      await enqueueNotification({
        tx,
        userId: row.userId,
        kind: "trial_reminder",
        payload: {
          plan: row.planName,
          endsOn: isoDate(endsAt),
          price: trialPriceText(monthly),
          balance: formatUsdt(row.balance),
          covered: covered ? "yes" : "no",
          autorenew: row.autorenew ? "on" : "off",
          ...(row.balance < amount ? { shortfall: formatUsdt(ceilToCent(amount - row.balance)) } : {}),
          window: kind,
        },
      });
      return 1;
    });
  }
  return sent;
}
