import { eq, inArray } from "drizzle-orm";
import { getConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { planTelegramChats, pricing } from "../db/schema.ts";
import { getLogger } from "../lib/logger.ts";
import type { PlanChats } from "../lib/telegram-config.ts";

/**
 * Stand-in chat ids for the demo plans (server/content/seed-data/plans.ts). They are not real
 * chats: set TELEGRAM_PLAN_CHATS to your channels' ids (the bot must be an administrator
 * allowed to invite and ban users in each). The bundle unlocks every chat.
 */
export const DEMO_PLAN_CHATS: PlanChats = {
  "signals-bot": [-1001000000001],
  "vip-signals": [-1001000000002],
  "copy-trading-bot": [-1001000000003],
  "indicator-pro": [-1001000000004],
  "all-in-one": [-1001000000001, -1001000000002, -1001000000003, -1001000000004],
  "starter-signals-2024": [-1001000000001],
};

/**
 * Sets which chats each listed plan unlocks, in one transaction. The mapping comes from
 * TELEGRAM_PLAN_CHATS, else the demo ids. Plan ids that do not exist are reported and logged,
 * not fatal. Since the back office edits a plan's chats, the database is the
 * source of truth: at start-up only plans with no chats yet take the mapping (`onlyEmpty`), so
 * an edit survives a restart; `onlyEmpty: false` replaces the listed plans' chats.
 */
export async function seedPlanChats(options: {
  db: Db;
  planChats?: PlanChats;
  onlyEmpty?: boolean;
}): Promise<{ plans: number; chats: number; unknownPlans: string[] }> {
  const mapping = options.planChats ?? getConfig().telegram.planChats ?? DEMO_PLAN_CHATS;
  const slugs = Object.keys(mapping);
  const result = { plans: 0, chats: 0, unknownPlans: [] as string[] };
  if (slugs.length === 0) return result;
  await options.db.transaction(async (tx) => {
    const plans = await tx
      .select({ id: pricing.id, slug: pricing.planId })
      .from(pricing)
      .where(inArray(pricing.planId, slugs));
    const idBySlug = new Map(plans.map((p) => [p.slug, p.id]));
    for (const slug of slugs) {
      const planId = idBySlug.get(slug);
      if (planId === undefined) {
        result.unknownPlans.push(slug);
        continue;
      }
      const chatIds = [...new Set(mapping[slug])];
      if (options.onlyEmpty) {
        const [existing] = await tx
          .select({ planId: planTelegramChats.planId })
          .from(planTelegramChats)
          .where(eq(planTelegramChats.planId, planId))
          .limit(1);
        if (existing) continue;
      }
      await tx.delete(planTelegramChats).where(eq(planTelegramChats.planId, planId));
      await tx.insert(planTelegramChats).values(chatIds.map((chatId) => ({ planId, chatId })));
      result.plans++;
      result.chats += chatIds.length;
    }
  });
  if (result.unknownPlans.length > 0)
    getLogger().warn({ plans: result.unknownPlans }, "telegram: TELEGRAM_PLAN_CHATS names plans that do not exist");
  return result;
}
