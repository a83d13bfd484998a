/**
 * Every date the site, the back office, the emails and the audit log show, in one of four forms,
 * each in one place (machine formats — CSV, JSON, `<time dateTime>`, file names — stay ISO):
 * - a calendar date: "Nov 22, 2026";
 * - a date with time: "Nov 22, 2026, 14:05 UTC";
 * - a timestamp, to the second, for records staff match against other systems (the ledger, block
 *   times, job runs, the audit log): "Nov 22, 2026, 14:05:09 UTC";
 * - a relative time: "just now", "5 minutes ago", "yesterday", "3 weeks ago".
 * UTC on purpose: the server render and every browser print the same text (no hydration
 * mismatch), and staff in different time zones read the same moment the same way.
 */

type DateInput = string | Date;

const calendarFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

const timestampFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

// A bare "2026-10-28" (a post's date) is read as that day in UTC, as Date does, so it never shifts.
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** "Nov 22, 2026": a calendar date, from an ISO timestamp, a bare "YYYY-MM-DD" or a Date. */
export function formatDate(value: DateInput): string {
  return calendarFormat.format(toDate(value));
}

/** "Nov 22, 2026, 14:05 UTC": a moment, to the minute. */
export function formatDateTime(value: DateInput): string {
  return `${dateTimeFormat.format(toDate(value))} UTC`;
}

/** "Nov 22, 2026, 14:05:09 UTC": a moment, to the second (staff's records). */
export function formatTimestamp(value: DateInput): string {
  return `${timestampFormat.format(toDate(value))} UTC`;
}

/**
 * A date held as display text that may be an ISO calendar date ("2026-02-28", as notification
 * payloads keep it): that date as `formatDate` prints it; any other text unchanged, so an old row
 * written in another form still reads.
 */
export function formatDayText(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? formatDate(value) : value;
}

/** A record of display texts (a notification's payload) with each ISO calendar date in it as `formatDayText` prints it. */
export function formatDaysIn<T extends Record<string, string | undefined>>(texts: T): T {
  return Object.fromEntries(
    Object.entries(texts).map(([key, text]) => [key, text === undefined ? text : formatDayText(text)]),
  ) as T;
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["minute", 60],
  ["hour", 60],
  ["day", 24],
  ["week", 7],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": how long before `now` (default: this moment). */
export function formatRelativeTime(value: DateInput, now: number = Date.now()): string {
  let amount = (now - toDate(value).getTime()) / 1000;
  if (amount < 60) return "just now";
  amount /= 60;
  for (let i = 0; i < STEPS.length; i++) {
    const [unit] = STEPS[i]!;
    const next = STEPS[i + 1];
    if (!next || amount < next[1]) return relative.format(-Math.round(amount), unit);
    amount /= next[1];
  }
  return relative.format(-Math.round(amount), "week");
}
