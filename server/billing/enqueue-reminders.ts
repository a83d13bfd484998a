import { and, gt, lte, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { renewalReminders, subscriptions } from "../db/schema.ts";
import { enqueueNotification, type NotificationKind } from "../notifications/enqueue-notification.ts";

const HOUR = 60 * 60 * 1000;
/** A reminder goes out 72 hours before a renewal or a trial's end, and once more within 24 hours. */
export const REMINDER_WINDOWS = [
  { kind: "24h", ms: 24 * HOUR },
  { kind: "72h", ms: 72 * HOUR },
] as const;

/**
 * A subscription due (a renewal or a trial's end) after `now` and inside the widest reminder
 * window: what either reminder is sent about. Which of those is reminded is each sender's own.
 */
export function dueWithinReminderWindow(now: Date): SQL {
  const horizon = new Date(now.getTime() + REMINDER_WINDOWS[1].ms);
  return and(gt(subscriptions.nextBillingDate, now), lte(subscriptions.nextBillingDate, horizon))!;
}

export type Reminder = {
  subscriptionId: string;
  userId: string;
  /** The renewal's due date or the trial's end: the window is counted back from it. */
  dueAt: Date;
  notification: NotificationKind;
  /** The message's fields; the window ("24h" or "72h") is added to them as `window`. */
  payload: Record<string, string>;
};

/**
 * Sends reminders once each, in one transaction: a reminder is claimed with a renewal_reminders
 * row (subscription, due date, window) inserted with `on conflict do nothing`, and its
 * notification is queued in the same transaction only when the row was new, so a rerun, a
 * restart or a second instance never sends one twice. A due date first seen inside 24 hours gets
 * only the 24-hour reminder. Returns how many were sent.
 */
export async function enqueueReminders(options: { db: Db; now: Date; reminders: Reminder[] }): Promise<number> {
  const { db, now, reminders } = options;
  if (reminders.length === 0) return 0;
  return db.transaction(async (tx) => {
    let sent = 0;
    for (const { subscriptionId, userId, dueAt, notification, payload } of reminders) {
      const kind = dueAt.getTime() - now.getTime() <= REMINDER_WINDOWS[0].ms ? "24h" : "72h";
      const inserted = await tx
        .insert(renewalReminders)
        .values({ subscriptionId, dueAt, kind })
        .onConflictDoNothing()
        .returning({ kind: renewalReminders.kind });
      if (inserted.length === 0) continue;
      await enqueueNotification({ tx, userId, kind: notification, payload: { ...payload, window: kind } });
      sent += 1;
    }
    return sent;
  });
}
