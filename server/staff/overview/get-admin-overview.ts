import { sql } from "drizzle-orm";
import { can, type StaffRole } from "~/lib/staff-roles";
import type { AdminOverview, OverviewRange } from "~/lib/view-types/admin/overview";
import type { DbOrTx } from "../../db/client.ts";
import { blogPosts, pricing } from "../../db/schema.ts";
import { getChurn } from "./get-churn.ts";
import { getDailySeries } from "./get-daily-series.ts";
import { getDepositFigures } from "./get-deposit-figures.ts";
import { getLifetimeSales } from "./get-lifetime-sales.ts";
import { getMemberFigures } from "./get-member-figures.ts";
import { getMrr } from "./get-mrr.ts";
import { getRenewalsAtRisk } from "./get-renewals-at-risk.ts";
import { overviewWindow } from "./overview-window.ts";

/**
 * The back office's first page: the figures an operator of a paid signal service checks first.
 * Every figure is counted from the rows themselves (ledger_entries, subscriptions, profiles),
 * never from a counter kept beside them, so none can drift. Money figures only for roles that may
 * see money; content figures only for roles that edit it. The queries run side by side.
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
  const [mrr, lifetimeSales, deposits, atRisk, churn30d] = await Promise.all([
    getMrr({ db }),
    getLifetimeSales({ db }),
    getDepositFigures({ db, window }),
    getRenewalsAtRisk({ db, in7Days: window.in7Days }),
    getChurn({ db, window }),
  ]);
  return {
    mrr: mrr.mrr.toString(),
    mrrSubscriptions: mrr.subscriptions,
    lifetimeSales,
    deposits,
    renewalsAtRisk: { ...atRisk, shortfall: atRisk.shortfall.toString() },
    churn30d,
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
