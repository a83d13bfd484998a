import { formatDate } from "~/lib/dates";

/**
 * "2026-10-28" → "Oct 28, 2026", the site's calendar date (read in UTC, so every time zone
 * prints the same day); anything that is not a date is shown as it is.
 */
export function formatPostDate(date: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(date)?.[0];
  return day && !Number.isNaN(Date.parse(day)) ? formatDate(day) : date;
}
