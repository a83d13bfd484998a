import { eq } from "drizzle-orm";
import type { PlanTextsInput } from "~/lib/validation/admin/plans";
import type { Db } from "../../db/client.ts";
import { planTelegramChats, pricing } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { PLAN_NOT_FOUND, setChats } from "./save-plan.ts";

/**
 * Saves what an editor may change on an existing plan (texts, features, Telegram chats) in one
 * transaction with its audit row. The price, the struck-through price and the discount shown
 * are left exactly as they are: those are savePlan's, behind prices.write.
 */
export async function savePlanTexts(options: {
  db: Db;
  planId: number;
  input: PlanTextsInput;
  actor: StaffActor;
  now?: Date;
}) {
  const { db, planId, input, actor, now = new Date() } = options;
  const fields = {
    name: input.name,
    subtitle: input.subtitle,
    badge: input.badge,
    icon: input.icon,
    features: input.features,
  };
  return db.transaction(async (tx) => {
    const [plan] = await tx.select().from(pricing).where(eq(pricing.id, planId)).for("update");
    if (!plan) throw new AppError("NOT_FOUND", PLAN_NOT_FOUND);
    const chatsBefore = (
      await tx
        .select({ chatId: planTelegramChats.chatId })
        .from(planTelegramChats)
        .where(eq(planTelegramChats.planId, plan.id))
    ).map((c) => c.chatId);
    await setChats({ tx, planId: plan.id, chatIds: input.telegramChats });
    await tx
      .update(pricing)
      .set({ ...fields, updatedAt: now })
      .where(eq(pricing.id, plan.id));
    await recordAuditEvent({
      tx,
      actor,
      action: "plan.updated",
      target: { type: "plan", id: String(plan.id) },
      summary: `${input.name}: texts saved`,
      before: {
        name: plan.name,
        subtitle: plan.subtitle,
        badge: plan.badge,
        icon: plan.icon,
        features: plan.features,
        telegramChats: chatsBefore,
      },
      after: { ...fields, telegramChats: input.telegramChats },
      now,
    });
    return { id: plan.id, price: { mode: "unchanged" as const } };
  });
}
