import { and, asc, eq, isNotNull, isNull, ne, not, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { formatUsdt } from "~/lib/money";
import { priceFor } from "~/lib/pricing";
import { renewalAmount } from "../coupons/renewal-discount.ts";
import type { Db } from "../db/client.ts";
import { coupons, pricing, profiles, subscriptions } from "../db/schema.ts";
import { renewalUnchargedSql } from "./complimentary/cover-sql.ts";
import { dueWithinReminderWindow, enqueueReminders, type Reminder } from "./enqueue-reminders.ts";
import { formatShortfall, isoDate } from "./messages.ts";
import { planPriceAt } from "./plan-price-at.ts";

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
 * A plan a complimentary plan of the member's includes past its due date gets none, nor one a
 * scheduled change switches to such a plan, nor one a scheduled change switches to a plan the member
 * holds already (it ends): that renewal charges nothing (cover-sql.ts, renewalUnchargedSql), and
 * counts for nothing in the sum.
 *
 * Each reminder is sent once (enqueue-reminders.ts), a member's in one transaction. Returns how
 * many reminders were sent.
 */
export async function sendRenewalReminders(options: { db: Db; now?: Date }): Promise<number> {
  const { db, now = new Date() } = options;
  // A change the member scheduled is applied by the renewal first (resolve-scheduled-change.ts):
  // it charges that plan at that period, and the old plan's code no longer applies.
  const scheduled = alias(pricing, "scheduled_plan");
  const rows = await db
    .select({
      subscriptionId: subscriptions.id,
      userId: subscriptions.userId,
      due: subscriptions.nextBillingDate,
      period: subscriptions.billingPeriod,
      planId: subscriptions.planId,
      startDate: subscriptions.startDate,
      planName: pricing.name,
      scheduledPlanId: subscriptions.scheduledPlanId,
      scheduledPeriod: subscriptions.scheduledBillingPeriod,
      scheduledName: scheduled.name,
      balance: profiles.balance,
      couponId: subscriptions.couponId,
      couponRenewalsLeft: subscriptions.couponRenewalsLeft,
      coupon: coupons,
    })
    .from(subscriptions)
    .innerJoin(pricing, eq(pricing.id, subscriptions.planId))
    .innerJoin(profiles, eq(profiles.id, subscriptions.userId))
    .leftJoin(coupons, eq(coupons.id, subscriptions.couponId))
    .leftJoin(scheduled, eq(scheduled.id, subscriptions.scheduledPlanId))
    .where(
      and(
        eq(subscriptions.status, "active"),
        eq(subscriptions.autorenew, true),
        ne(subscriptions.billingPeriod, "lifetime"),
        // A trial's end has reminders of its own (send-trial-reminders.ts).
        or(isNull(subscriptions.trialEndsAt), isNotNull(subscriptions.trialConvertedAt)),
        dueWithinReminderWindow(now),
        // A plan a complimentary one includes past its due date, held or switched to by a scheduled
        // change, is not charged then (the renewal moves it on), nor one switching to a plan held
        // already (the renewal ends it): no renewal is coming to top up for. A gift ending first
        // leaves it due.
        not(
          renewalUnchargedSql({
            userId: sql`${subscriptions.userId}`,
            heldPlanId: sql`${subscriptions.planId}`,
            scheduledPlanId: sql`${subscriptions.scheduledPlanId}`,
            scheduledPeriod: sql`${subscriptions.scheduledBillingPeriod}`,
            subscriptionId: sql`${subscriptions.id}`,
            at: sql`${subscriptions.nextBillingDate}`,
          }),
        ),
      ),
    )
    .orderBy(asc(subscriptions.userId), asc(subscriptions.nextBillingDate), asc(subscriptions.id));

  const byMember = new Map<string, Upcoming[]>();
  for (const found of rows) {
    const change = found.scheduledPlanId !== null && found.scheduledPeriod !== null && found.scheduledName !== null;
    const row = change
      ? {
          ...found,
          planId: found.scheduledPlanId!,
          period: found.scheduledPeriod!,
          planName: found.scheduledName!,
          coupon: null,
        }
      : found;
    const list = byMember.get(row.userId) ?? [];
    // The amount the renewal will charge: the price in force on its due date (plan-price-at.ts),
    // less what the code bought with the plan still takes off (a balance that covers the
    // discounted renewal needs no top-up).
    const monthly = (await planPriceAt({ tx: db, planId: row.planId, at: row.due!, subscribedAt: row.startDate }))!;
    const amount = renewalAmount({ subscription: row, coupon: row.coupon, listPrice: priceFor(monthly, row.period) });
    list.push({ ...row, due: row.due!, amount });
    byMember.set(row.userId, list);
  }

  let sent = 0;
  for (const upcoming of byMember.values()) {
    let cumulative = 0n;
    const atRisk: Reminder[] = [];
    for (const item of upcoming) {
      cumulative += item.amount;
      if (item.balance >= cumulative) continue;
      atRisk.push({
        subscriptionId: item.subscriptionId,
        userId: item.userId,
        dueAt: item.due,
        notification: "renewal_reminder",
        payload: {
          plan: item.planName,
          dueDate: isoDate(item.due),
          amount: formatUsdt(item.amount, { suffix: true }),
          balance: formatUsdt(item.balance),
          shortfall: formatShortfall(cumulative - item.balance),
        },
      });
    }
    sent += await enqueueReminders({ db, now, reminders: atRisk });
  }
  return sent;
}
