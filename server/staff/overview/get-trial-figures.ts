import { sql } from "drizzle-orm";
import type { TrialFigures } from "~/lib/view-types/admin/overview";
import type { DbOrTx } from "../../db/client.ts";
import type { OverviewWindow } from "./overview-window.ts";
import { replacedSql } from "./replaced-sql.ts";

/**
 * Free trials over the last 30 days and the 30 days before: trials started, trials whose end fell
 * in the period and converted (their first charge) or ended unpaid, and what the conversions
 * charged. Counted from the subscriptions themselves and, for the money, from the paid renewal
 * rows that conversions wrote with their ledger debits (the row for the trial's end date names
 * the subscription in its ledger reference), never from a counter. `onTrialNow`: trials running.
 * A trial that an upgrade bought (or another trial converting) replaced converted when it was
 * replaced: its member paid for a plan that includes it. It charged nothing itself; the purchase
 * that replaced it is counted with the sales.
 */
export async function getTrialFigures(options: {
  db: DbOrTx;
  window: OverviewWindow;
}): Promise<{ days30: TrialFigures; previous30: TrialFigures; onTrialNow: number }> {
  const { db, window: w } = options;
  const [row] = (
    await db.execute<{
      started30: number;
      started_before: number;
      converted30: number;
      converted_before: number;
      ended30: number;
      ended_before: number;
      charged30: string;
      charged_before: string;
      on_trial: number;
    }>(sql`
      with trials as (
        select s.id, s.start_date, s.trial_ends_at, s.status,
               coalesce(s.trial_converted_at, case when ${replacedSql("s")} then s.updated_at end) as trial_converted_at,
               (select coalesce(sum(b.total_amount), 0) from billing_history b
                 where b.user_id = s.user_id and b.status = 'paid' and b.period_start = s.trial_ends_at
                   and b.ledger_reference like 'renewal:' || s.id::text || ':%') as charged
        from subscriptions s
        where s.trial_ends_at is not null
          and (s.start_date >= ${w.days60}::timestamptz or s.trial_ends_at >= ${w.days60}::timestamptz
               or s.status = 'active')
      )
      select
        count(*) filter (where start_date >= ${w.days30}::timestamptz and start_date <= ${w.end}::timestamptz)::int as started30,
        count(*) filter (where start_date >= ${w.days60}::timestamptz and start_date < ${w.days30}::timestamptz)::int as started_before,
        count(*) filter (where trial_converted_at >= ${w.days30}::timestamptz and trial_converted_at <= ${w.end}::timestamptz)::int as converted30,
        count(*) filter (where trial_converted_at >= ${w.days60}::timestamptz and trial_converted_at < ${w.days30}::timestamptz)::int as converted_before,
        count(*) filter (where trial_converted_at is null and status <> 'active'
          and trial_ends_at >= ${w.days30}::timestamptz and trial_ends_at <= ${w.end}::timestamptz)::int as ended30,
        count(*) filter (where trial_converted_at is null and status <> 'active'
          and trial_ends_at >= ${w.days60}::timestamptz and trial_ends_at < ${w.days30}::timestamptz)::int as ended_before,
        coalesce(sum(charged) filter (where trial_converted_at >= ${w.days30}::timestamptz and trial_converted_at <= ${w.end}::timestamptz), 0)::text as charged30,
        coalesce(sum(charged) filter (where trial_converted_at >= ${w.days60}::timestamptz and trial_converted_at < ${w.days30}::timestamptz), 0)::text as charged_before,
        count(*) filter (where status = 'active' and trial_converted_at is null)::int as on_trial
      from trials
    `)
  ).rows;
  const r = row!;
  return {
    days30: { started: r.started30, converted: r.converted30, endedUnpaid: r.ended30, charged: r.charged30 },
    previous30: {
      started: r.started_before,
      converted: r.converted_before,
      endedUnpaid: r.ended_before,
      charged: r.charged_before,
    },
    onTrialNow: r.on_trial,
  };
}
