import { sql } from "drizzle-orm";
import type { CouponFigures } from "~/lib/view-types/admin/overview";
import type { DbOrTx } from "../../db/client.ts";
import type { OverviewWindow } from "./overview-window.ts";

/**
 * Coupon codes over the last 30 days and the 30 days before: the purchases and renewals a code
 * took something off (redemptions), the revenue given up (the discounts) and what was charged
 * after them. Read from the paid billing rows that are a code's uses, which are written with their
 * ledger debit in one transaction and carry list price − discount = amount charged (credit aside):
 * the same money the ledger moved, never a counter kept beside it. A checkout wholly paid by its
 * code moved no money and still counts as a redemption, with nothing charged. Code by code (there
 * are few), each a range of billing_coupon_use_idx.
 */
export async function getCouponFigures(options: {
  db: DbOrTx;
  window: OverviewWindow;
}): Promise<{ days30: CouponFigures; previous30: CouponFigures }> {
  const { db, window: w } = options;
  const recent = sql`issue_date >= ${w.days30}::timestamptz`;
  const [row] = (
    await db.execute<{
      n30: number;
      given30: string;
      charged30: string;
      n_before: number;
      given_before: string;
      charged_before: string;
    }>(sql`
      select coalesce(sum(n30), 0)::int as n30, coalesce(sum(given30), 0)::text as given30,
             coalesce(sum(charged30), 0)::text as charged30, coalesce(sum(n_before), 0)::int as n_before,
             coalesce(sum(given_before), 0)::text as given_before, coalesce(sum(charged_before), 0)::text as charged_before
      from coupons c
      cross join lateral (
        select count(*) filter (where ${recent}) as n30,
               sum(discount_amount) filter (where ${recent}) as given30,
               sum(total_amount) filter (where ${recent}) as charged30,
               count(*) filter (where not ${recent}) as n_before,
               sum(discount_amount) filter (where not ${recent}) as given_before,
               sum(total_amount) filter (where not ${recent}) as charged_before
        from billing_history
        where coupon_id = c.id and status = 'paid'
          and issue_date >= ${w.days60}::timestamptz and issue_date <= ${w.end}::timestamptz) used
    `)
  ).rows;
  return {
    days30: { count: row!.n30, givenUp: row!.given30, charged: row!.charged30 },
    previous30: { count: row!.n_before, givenUp: row!.given_before, charged: row!.charged_before },
  };
}
