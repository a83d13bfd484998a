import type { OverviewRange } from "~/lib/view-types/admin/overview";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The moments the overview's figures are counted from, all derived from one `now` so every
 * figure on the page describes the same instant. "Today" is the UTC day (the back office's
 * dates are UTC everywhere); "7 d" and "30 d" are rolling windows ending at `now`, and the 30 days before those (from "60 d") are
 * what a 30-day figure is compared with.
 */
export type OverviewWindow = {
  now: string;
  /**
   * The inclusive upper bound rows are read to: the last microsecond of `now`'s millisecond. The
   * database stamps rows in microseconds while `now` is a JavaScript date in milliseconds, so a row
   * written a moment before `now` in the same millisecond would otherwise fall after it and be missed.
   */
  end: string;
  todayStart: string;
  days7: string;
  days30: string;
  /** Where the 30 days before the last 30 begin: the previous period each 30-day figure is compared with. */
  days60: string;
  /** Start of the oldest day a chart shows (range − 1 days before today's start). */
  firstDay: string;
  /** Seven days ahead: renewals due before this are "due in the next 7 days". */
  in7Days: string;
};

export function overviewWindow(now: Date, range: OverviewRange): OverviewWindow {
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    now: now.toISOString(),
    end: now.toISOString().replace("Z", "999Z"),
    todayStart: new Date(todayStart).toISOString(),
    days7: new Date(now.getTime() - 7 * DAY_MS).toISOString(),
    days30: new Date(now.getTime() - 30 * DAY_MS).toISOString(),
    days60: new Date(now.getTime() - 60 * DAY_MS).toISOString(),
    firstDay: new Date(todayStart - (range - 1) * DAY_MS).toISOString(),
    in7Days: new Date(now.getTime() + 7 * DAY_MS).toISOString(),
  };
}
