import { sql } from "drizzle-orm";
import { can, type StaffRole } from "~/lib/staff-roles";
import type { AdminOverview } from "~/lib/view-types/admin/overview";
import type { DbOrTx } from "../../db/client.ts";
import { blogPosts, ledgerEntries, opsAlerts, pricing, profiles, subscriptions } from "../../db/schema.ts";

/**
 * The back office's first page: the figures an operator checks first. Money
 * figures only for roles that may see money; content figures only for roles that edit it.
 */
export async function getAdminOverview(options: { db: DbOrTx; role: StaffRole; now?: Date }): Promise<AdminOverview> {
  const { db, role, now = new Date() } = options;
  const since = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const [members] = (
    await db.execute<{ members: number; active: number; alerts: number }>(sql`
      select (select count(*) from ${profiles})::int as members,
             (select count(*) from ${subscriptions} where status = 'active')::int as active,
             (select count(*) from ${opsAlerts} where created_at >= ${since.toISOString()})::int as alerts
    `)
  ).rows;
  const overview: AdminOverview = { members: members!.members, activeSubscriptions: members!.active };
  if (can(role, "money.read")) {
    const [money] = (
      await db.execute<{ balances: string; deposits: string; deposit_count: number }>(sql`
        select coalesce((select sum(balance) from ${profiles}), 0)::text as balances,
               coalesce(sum(amount), 0)::text as deposits,
               count(*)::int as deposit_count
        from ${ledgerEntries} where kind = 'deposit' and created_at >= ${since.toISOString()}
      `)
    ).rows;
    overview.money = {
      balances: money!.balances,
      deposits30d: money!.deposits,
      depositCount30d: money!.deposit_count,
      alerts30d: members!.alerts,
    };
  }
  if (can(role, "content.read")) {
    const [content] = (
      await db.execute<{ published: number; drafts: number; plans: number }>(sql`
        select count(*) filter (where published)::int as published,
               -- Drafts only: scheduled and archived posts are not waiting for anyone.
               count(*) filter (where not published and scheduled_at is null and archived_at is null)::int as drafts,
               (select count(*) from ${pricing} where published)::int as plans
        from ${blogPosts}
      `)
    ).rows;
    overview.content = {
      publishedPosts: content!.published,
      draftPosts: content!.drafts,
      publishedPlans: content!.plans,
    };
  }
  return overview;
}
