import { and, asc, eq, gt, isNotNull, isNull, lte, ne, or } from "drizzle-orm";
import { formatUsdt } from "~/lib/money";
import { priceFor } from "~/lib/pricing";
import type { Db } from "../db/client.ts";
import { pricing, profiles, renewalReminders, subscriptions } from "../db/schema.ts";
import { enqueueNotification } from "../notifications/enqueue-notification.ts";
import { ceilToCent, isoDate } from "./messages.ts";
import { planPriceAt } from "./plan-price-at.ts";

const HOUR = 60 * 60 * 1000;
export const REMINDER_WINDOWS = [
  { kind: "24h", ms: 24 * HOUR },
  { kind: "72h", ms: 72 * HOUR },
] as const;
type ReminderKind = (typeof REMINDER_WINDOWS)[number]["kind"];

type Upcoming = {
  subscriptionId: string;
  userId: string;
  due: Date;
  planName: string;
  amount: bigint;
  balance: bigint;
};

/**
 * Warns members whose balance will not cover an upcoming renewal: once when it is due within
 * 72 hours and once more within 24 hours (a renewal first seen inside 24 hours gets only the
 * 24-hour reminder). Renewals are settled in due order, so a subscription is at risk when the
 * balance is below the sum of this member's renewals due up to and including it in the window
 * — two plans due tomorrow that the balance covers only one of both count.
 *
 * Each reminder is recorded in renewal_reminders (one per subscription, due date and kind;
 * `on conflict do nothing`) and its notification is queued in the same transaction only when
 * the row was new, so repeated or concurrent runs send each reminder once. Returns how many
 * reminders were sent.
 */
export async function sendRenewalReminders(options: { db: Db; now?: Date }): Promise<number> {
  const { db, now = new Date() } = options;
  const horizon = new Date(now.getTime() + REMINDER_WINDOWS[1].ms);
  const rows = await db
    .select({
      subscriptionId: subscriptions.id,
      userId: subscriptions.userId,
      due: subscriptions.nextBillingDate,
      period: subscriptions.billingPeriod,
      planId: subscriptions.planId,
      startDate: subscriptions.startDate,
      planName: pricing.name,
      balance: profiles.balance,
    })
    .from(subscriptions)
    .innerJoin(pricing, eq(pricing.id, subscriptions.planId))
    .innerJoin(profiles, eq(profiles.id, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.status, "active"),
        eq(subscriptions.autorenew, true),
        ne(subscriptions.billingPeriod, "lifetime"),
        // A trial's end has reminders of its own (send-trial-reminders.ts).
        or(isNull(subscriptions.trialEndsAt), isNotNull(subscriptions.trialConvertedAt)),
        gt(subscriptions.nextBillingDate, now),
        lte(subscriptions.nextBillingDate, horizon),
      ),
    )
    .orderBy(asc(subscriptions.userId), asc(subscriptions.nextBillingDate), asc(subscriptions.id));

  const byMember = new Map<string, Upcoming[]>();
  for (const row of rows) {
    const list = byMember.get(row.userId) ?? [];
    // The amount the renewal will charge: the price in force on its due date (plan-price-at.ts).
    const monthly = (await planPriceAt({ tx: db, planId: row.planId, at: row.due!, subscribedAt: row.startDate }))!;
    list.push({ ...row, due: row.due!, amount: priceFor(monthly, row.period) });
    byMember.set(row.userId, list);
  }

  let sent = 0;
  for (const upcoming of byMember.values()) {
    let cumulative = 0n;
    const atRisk: { item: Upcoming; shortfall: bigint; kind: ReminderKind }[] = [];
    for (const item of upcoming) {
      cumulative += item.amount;
      if (item.balance >= cumulative) continue;
      const kind = item.due.getTime() - now.getTime() <= REMINDER_WINDOWS[0].ms ? "24h" : "72h";
      atRisk.push({ item, shortfall: cumulative - item.balance, kind });
    }
    if (atRisk.length === 0) continue;
    sent += await db.transaction(async (tx) => {
      let count = 0;
      for (const { item, shortfall, kind } of atRisk) {
        const inserted = await tx
          .insert(renewalReminders)
          .values({ subscriptionId: item.subscriptionId, dueAt: item.due, kind })
          .onConflictDoNothing()
          .returning({ kind: renewalReminders.kind });
        if (inserted.length === 0) continue;
        await enqueueNotification({
          tx,
          userId: item.userId,
          kind: "renewal_reminder",
          payload: {
            plan: item.planName,
            dueDate: isoDate(item.due),
            amount: formatUsdt(item.amount, { suffix: true }),
            balance: formatUsdt(item.balance),
            shortfall: formatUsdt(ceilToCent(shortfall)),
            window: kind,
          },
        });
        count += 1;
      }
      return count;
    });
  }
  return sent;
}
