import { sql } from "drizzle-orm";
import type { DueRenewal, DueRenewals } from "~/lib/view-types/admin/money";
import type { DbOrTx } from "../../db/client.ts";
import {
  monthlyPriceInForce,
  pendingPlansCte,
  periodPriceSql,
  renewalChargeSql,
  renewingSubscriptions,
  unchargedAtDue,
} from "../price-in-force-sql.ts";

type Row = {
  subscription_id: string;
  user_id: string;
  email: string;
  plan: string;
  billing_period: "monthly" | "quarterly";
  due_at: string;
  amount: string;
  balance: string;
  shortfall: string;
  total: number;
  at_risk: number;
  amount_all: string;
  shortfall_all: string;
};

/**
 * The renewals the job will settle before `until`, in due order, with what each will charge and
 * what the member's balance lacks for it.
 * - Due: an active, autorenewing monthly or quarterly subscription, not complimentary, of a member
 *   who is not banned (those end on their date without a charge), whose next_billing_date is
 *   before `until` (one already past is settled by the next run). A plan a complimentary plan of
 *   the member's includes past its due date is left out: the renewal charges nothing and moves its
 *   date on (unchargedAtDue, the renewal's own rule), so it is neither owed nor at risk; so is one
 *   whose scheduled change switches to a plan the member holds already (the renewal ends it uncharged).
 * - Its amount is what renewSubscription charges: the monthly price in force on the due date for
 *   the period, less what the code bought with the plan still takes off (the overview's SQL of
 *   the same rule); of the plan and period a scheduled change moves it to, if any, and named so.
 * - The job charges a member's renewals in due order from one balance, so a renewal's shortfall
 *   is the sum of the member's due renewals up to and including it, less the balance: the first
 *   one may be covered and the second lapse.
 * One statement: the due rows come from subscriptions_due_idx (status, next_billing_date),
 * balances by key; the running sums and the week's totals need every due row, so the page is cut
 * after them (offset paging over one week of renewals).
 */
export async function listDueRenewals(options: {
  db: DbOrTx;
  until: Date;
  page: number;
  pageSize: number;
}): Promise<DueRenewals> {
  const { db, until, pageSize } = options;
  const read = async (page: number) =>
    (
      await db.execute<Row>(sql`
        with pending as (${pendingPlansCte}),
        due as (
          select s.id, s.user_id, s.billing_period, s.next_billing_date, p.name as plan,
                 (${renewalChargeSql(periodPriceSql(monthlyPriceInForce(sql`pending`)))})::bigint as amount
          from ${renewingSubscriptions} s
          join pricing p on p.id = s.plan_id
          where s.status = 'active' and s.autorenew and not s.complimentary
            and s.billing_period in ('monthly', 'quarterly')
            and s.next_billing_date < ${until.toISOString()}::timestamptz
            -- The few banned accounts, through user_banned_idx (a partial index).
            and s.user_id not in (select id from "user" where banned = true)
            -- Included in a complimentary plan past its due date, or ending for a switch to a plan held:
            -- the renewal charges nothing.
            and not ${unchargedAtDue}
        ),
        -- Each due member's balance by key (a join would read every profile).
        balanced as (
          select due.*, (select pr.balance from profiles pr where pr.id = due.user_id) as balance from due
        ),
        ranked as (
          select b.*, greatest(sum(b.amount) over running - b.balance, 0) as shortfall,
                 row_number() over (partition by b.user_id order by b.next_billing_date desc, b.id desc) = 1
                   as last_of_member
          from balanced b
          window running as (partition by b.user_id order by b.next_billing_date, b.id rows unbounded preceding)
        ),
        counted as (
          select ranked.*, count(*) over () as total, count(*) filter (where shortfall > 0) over () as at_risk,
                 sum(amount) over () as amount_all,
                 -- A member's last renewal carries their whole shortfall (the running sum).
                 sum(shortfall) filter (where last_of_member) over () as shortfall_all
          from ranked
        )
        select c.id::text as subscription_id, c.user_id, u.email, c.plan, c.billing_period,
               to_char(c.next_billing_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as due_at,
               c.amount::text, c.balance::text, c.shortfall::text,
               c.total::int, c.at_risk::int, c.amount_all::text, c.shortfall_all::text
        -- The page first, then its members' emails by key.
        from (select * from counted order by next_billing_date, id
              limit ${pageSize} offset ${(page - 1) * pageSize}) c
        join "user" u on u.id = c.user_id
        order by c.next_billing_date, c.id`)
    ).rows;
  let page = options.page;
  let rows = await read(page);
  if (rows.length === 0 && page > 1) {
    // Past the end (an old link): the totals of the first page say where the last one is.
    const firstPage = await read(1);
    page = Math.max(1, Math.ceil((firstPage[0]?.total ?? 0) / pageSize));
    rows = page === 1 ? firstPage : await read(page);
  }
  const head = rows[0];
  const total = head?.total ?? 0;
  return {
    rows: rows.map((r): DueRenewal => ({
      subscriptionId: r.subscription_id,
      userId: r.user_id,
      email: r.email,
      plan: r.plan,
      billingPeriod: r.billing_period,
      dueAt: r.due_at,
      amount: r.amount,
      balance: r.balance,
      shortfall: r.shortfall,
    })),
    total,
    atRisk: head?.at_risk ?? 0,
    amount: head?.amount_all ?? "0",
    shortfall: head?.shortfall_all ?? "0",
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}
