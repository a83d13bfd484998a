import type { BillingPeriod } from "~/lib/pricing";

/** Calendar months one period of a renewing plan lasts; lifetime has none. */
export const periodMonths: Record<Exclude<BillingPeriod, "lifetime">, number> = { monthly: 1, quarterly: 3 };

const daysInMonth = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/**
 * `date` plus `months` calendar months in UTC, keeping the time of day. The day of the month is
 * `anchorDay` (default: the day of `date`), clamped to the target month's length:
 * Jan 31 + 1 month = Feb 28 (29 in a leap year).
 */
export function addMonthsClamped(date: Date, months: number, anchorDay = date.getUTCDate()): Date {
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(anchorDay, daysInMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
}

/** The first due date of a new subscription: null for lifetime (it never renews). */
export function firstBillingDate(start: Date, period: BillingPeriod): Date | null {
  return period === "lifetime" ? null : addMonthsClamped(start, periodMonths[period]);
}

/**
 * The due date after `due`, one period later, counted from the old due date (never from the
 * time the job happens to run). A due date that was clamped to a month's end goes back to the
 * subscription's anniversary day when the next month is long enough: a plan started Jan 31
 * renews Feb 28, then Mar 31, not Mar 28 — so repeated renewals never drift earlier.
 */
export function nextDueDate(due: Date, period: Exclude<BillingPeriod, "lifetime">, startDate?: Date): Date {
  const dueDay = due.getUTCDate();
  const startDay = startDate?.getUTCDate() ?? dueDay;
  const clamped = startDay > dueDay && dueDay === daysInMonth(due.getUTCFullYear(), due.getUTCMonth());
  return addMonthsClamped(due, periodMonths[period], clamped ? startDay : dueDay);
}
