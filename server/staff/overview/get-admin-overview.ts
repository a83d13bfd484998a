import { sql } from "drizzle-orm";
import { can, type StaffRole } from "~/lib/staff-roles";
import type { AdminOverview, OverviewRange } from "~/lib/view-types/admin/overview";
import type { DbOrTx } from "../../db/client.ts";
import { blogPosts, pricing } from "../../db/schema.ts";
import { getChurn } from "./get-churn.ts";
import { getCouponFigures } from "./get-coupon-figures.ts";
import { getDailySeries } from "./get-daily-series.ts";
import { getDepositFigures } from "./get-deposit-figures.ts";
import { getLifetimeSales } from "./get-lifetime-sales.ts";
import { getMemberFigures } from "./get-member-figures.ts";
import { getMrr } from "./get-mrr.ts";
import { getPastMrr } from "./get-past-mrr.ts";
import { getReferralFigures } from "./get-referral-figures.ts";
import { getRenewalsAtRisk } from "./get-renewals-at-risk.ts";
import { getTrialFigures } from "./get-trial-figures.ts";
import { overviewWindow } from "./overview-window.ts";

/**
 * The back office's first page: the figures an operator of a paid signal service checks first.
 * Every figure is counted from the rows themselves (ledger_entries, subscriptions, profiles),
 * never from a counter kept beside them, so none can drift. Money figures only for roles that may
 * see money; content figures only for roles that edit it. Each figure comes with what it is
 * compared with (its value 30 days ago, or the 30 days before the last 30). The queries run side
 * by side.
 */
export async function getAdminOverview(options: {
  db: DbOrTx;
  role: StaffRole;
  now?: Date;
  range?: OverviewRange;
}): Promise<AdminOverview> {
  const { db, role, now = new Date(), range = 30 } = options;
  const window = overviewWindow(now, range);
  const money = can(role, "money.read");
  const [members, series, moneyFigures, content] = await Promise.all([
    getMemberFigures({ db, window }),
    getDailySeries({ db, window, withRevenue: money }),
    money ? getMoneyFigures(db, window) : undefined,
    can(role, "content.read") ? getContentFigures(db) : undefined,
  ]);
  const overview: AdminOverview = { asOf: window.now, range, ...members, series };
  if (moneyFigures) overview.money = moneyFigures;
  if (content) overview.content = content;
  return overview;
}

async function getMoneyFigures(db: DbOrTx, window: ReturnType<typeof overviewWindow>) {
  const [mrr, mrr30dAgo, lifetime, money, atRisk, churn30d, churnPrevious30d, coupons, trials, referrals] =
    await Promise.all([
      getMrr({ db }),
      getPastMrr({ db, at: window.days30 }),
      getLifetimeSales({ db, since: window.days30 }),
      getDepositFigures({ db, window }),
      getRenewalsAtRisk({ db, in7Days: window.in7Days }),
      getChurn({ db, from: window.days30, to: window.end }),
      getChurn({ db, from: window.days60, to: window.days30 }),
      getCouponFigures({ db, window }),
      getTrialFigures({ db, window }),
      getReferralFigures({ db, window }),
    ]);
  const { since, ...lifetimeSales } = lifetime;
  return {
    mrr: mrr.mrr.toString(),
    mrr30dAgo: mrr30dAgo.toString(),
    mrrSubscriptions: mrr.subscriptions,
    lifetimeSales: { ...lifetimeSales, days30: since },
    deposits: money.moneyIn,
    staffCredits: money.staffCredits,
    renewalsAtRisk: { ...atRisk, shortfall: atRisk.shortfall.toString() },
    churn30d,
    churnPrevious30d,
    coupons,
    trials,
    referrals,
  };
}

async function getContentFigures(db: DbOrTx) {
  const [row] = (
    await db.execute<{ published: number; drafts: number; plans: number }>(sql`
      select count(*) filter (where published)::int as published,
             -- Drafts only: scheduled and archived posts are not waiting for anyone.
             count(*) filter (where not published and scheduled_at is null and archived_at is null)::int as drafts,
             (select count(*) from ${pricing} where published)::int as plans
      from ${blogPosts}
    `)
  ).rows;
  return { publishedPosts: row!.published, draftPosts: row!.drafts, publishedPlans: row!.plans };
}
