import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { AdminPlan } from "~/lib/view-types/admin/plans";
import type { DbOrTx } from "../../db/client.ts";
import { planPriceChanges, planTelegramChats, pricing, subscriptions } from "../../db/schema.ts";

/** Every plan in display order, with its renewing members and any rise whose notice still runs. */
export async function listAdminPlans(options: { db: DbOrTx; planId?: number; now?: Date }): Promise<AdminPlan[]> {
  const { db, now = new Date() } = options;
  const renewing = db
    .select({ planId: subscriptions.planId, n: sql<number>`count(*)::int`.as("n") })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, "active"),
        eq(subscriptions.autorenew, true),
        ne(subscriptions.billingPeriod, "lifetime"),
      ),
    )
    .groupBy(subscriptions.planId)
    .as("renewing");
  const rows = await db
    .select({ plan: pricing, renewing: renewing.n })
    .from(pricing)
    .leftJoin(renewing, eq(renewing.planId, pricing.id))
    .where(options.planId === undefined ? undefined : eq(pricing.id, options.planId))
    .orderBy(asc(pricing.displayOrder), asc(pricing.id));
  const waiting = await db
    .select()
    .from(planPriceChanges)
    .where(and(gt(planPriceChanges.effectiveAt, now), isNull(planPriceChanges.cancelledAt)));
  const byPlan = new Map(waiting.map((change) => [change.planId, change]));
  const chats = await db
    .select()
    .from(planTelegramChats)
    .orderBy(asc(planTelegramChats.createdAt), asc(planTelegramChats.chatId));
  const chatsOf = (planId: number) => chats.filter((c) => c.planId === planId).map((c) => String(c.chatId));
  return rows.map(({ plan, renewing: count }) => {
    const change = byPlan.get(plan.id);
    return {
      id: plan.id,
      planId: plan.planId,
      name: plan.name,
      subtitle: plan.subtitle,
      badge: plan.badge,
      icon: plan.icon,
      discount: plan.discount,
      price: plan.price.toString(),
      originalPrice: plan.originalPrice?.toString() ?? null,
      features: plan.features,
      trialDays: plan.trialDays,
      telegramChats: chatsOf(plan.id),
      published: plan.published,
      displayOrder: plan.displayOrder,
      renewing: count ?? 0,
      scheduled: change
        ? {
            changeId: change.id,
            oldPrice: change.oldPrice.toString(),
            newPrice: change.newPrice.toString(),
            effectiveAt: change.effectiveAt.toISOString(),
          }
        : null,
    };
  });
}
