import { eq, sql } from "drizzle-orm";
import { formatDate } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import type { PlanInput } from "~/lib/validation/admin/plans";
import type { Db, Tx } from "../../db/client.ts";
import { planTelegramChats, pricing } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { changePlanPrice, type PriceChange } from "./change-plan-price.ts";

export const PLAN_NOT_FOUND = "Plan not found.";

/**
 * The chats a plan unlocks, replaced as a whole. Members already let in stay until the hourly
 * reconciliation (telegram/reconcile-telegram-access.ts) compares chats and entitlements.
 */
export async function setChats({ tx, planId, chatIds }: { tx: Tx; planId: number; chatIds: number[] }) {
  await tx.delete(planTelegramChats).where(eq(planTelegramChats.planId, planId));
  if (chatIds.length > 0) await tx.insert(planTelegramChats).values(chatIds.map((chatId) => ({ planId, chatId })));
}

const trialText = (days: number) => (days === 0 ? "none" : days === 1 ? "1 day" : `${days} days`);

/** A plan's stable key, from its name: "Gold VIP" → "gold-vip" (a number is added when taken). */
function slugOf(name: string) {
  return (
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "plan"
  );
}

/**
 * Creates a plan (unpublished, last in order) or saves an existing one, in one
 * transaction with its audit row. Everything takes effect at once for new buyers (the page
 * cache empties by trigger); renewals follow the notice rules of changePlanPrice.
 */
export async function savePlan(options: {
  db: Db;
  planId: number | null;
  input: PlanInput;
  actor: StaffActor;
  now?: Date;
}) {
  const { db, input, actor, now = new Date() } = options;
  const fields = {
    name: input.name,
    subtitle: input.subtitle,
    badge: input.badge,
    icon: input.icon,
    originalPrice: input.originalPrice,
    discount: input.discount,
    features: input.features,
    trialDays: input.trialDays,
  };
  // The plan as the audit log keeps it: money as text, since JSON has no bigint.
  const after = {
    ...fields,
    originalPrice: fields.originalPrice?.toString() ?? null,
    price: input.monthlyPrice.toString(),
    telegramChats: input.telegramChats,
  };
  return db.transaction(async (tx) => {
    if (options.planId === null) {
      const taken = await tx
        .select({ planId: pricing.planId })
        .from(pricing)
        .where(sql`${pricing.planId} like ${`${slugOf(input.name)}%`}`);
      const used = new Set(taken.map((row) => row.planId));
      let key = slugOf(input.name);
      for (let n = 2; used.has(key); n++) key = `${slugOf(input.name)}-${n}`;
      const [{ next }] = (await tx
        .select({ next: sql<number>`coalesce(max(${pricing.displayOrder}), 0) + 1` })
        .from(pricing)) as [{ next: number }];
      const [created] = await tx
        .insert(pricing)
        .values({ ...fields, planId: key, price: input.monthlyPrice, published: false, displayOrder: Number(next) })
        .returning();
      await setChats({ tx, planId: created!.id, chatIds: input.telegramChats });
      await recordAuditEvent({
        tx,
        actor,
        action: "plan.created",
        target: { type: "plan", id: String(created!.id) },
        summary: `${created!.name}: created at ${formatUsdt(created!.price, { suffix: true })} a month (unpublished)`,
        after,
        now,
      });
      return {
        id: created!.id,
        price: { mode: "immediate", oldPrice: created!.price, newPrice: created!.price } as PriceChange,
      };
    }

    const [plan] = await tx.select().from(pricing).where(eq(pricing.id, options.planId)).for("update");
    if (!plan) throw new AppError("NOT_FOUND", PLAN_NOT_FOUND);
    const price = await changePlanPrice({ tx, plan, newPrice: input.monthlyPrice, actor, now });
    const chatsBefore = (
      await tx
        .select({ chatId: planTelegramChats.chatId })
        .from(planTelegramChats)
        .where(eq(planTelegramChats.planId, plan.id))
    ).map((c) => c.chatId);
    await setChats({ tx, planId: plan.id, chatIds: input.telegramChats });
    // New buyers pay a new price at once; the notice only protects renewals (changePlanPrice).
    await tx
      .update(pricing)
      .set({ ...fields, price: input.monthlyPrice, updatedAt: now })
      .where(eq(pricing.id, plan.id));
    const before = {
      name: plan.name,
      subtitle: plan.subtitle,
      badge: plan.badge,
      icon: plan.icon,
      originalPrice: plan.originalPrice?.toString() ?? null,
      discount: plan.discount,
      features: plan.features,
      trialDays: plan.trialDays,
      price: plan.price.toString(),
      telegramChats: chatsBefore,
    };
    const priceNote =
      price.mode === "scheduled"
        ? `; ${formatUsdt(price.oldPrice, { suffix: true })} → ${formatUsdt(price.newPrice, { suffix: true })} a month for new buyers at once, for renewals from ${formatDate(price.effectiveAt)} (${price.notified} renewing members told)`
        : price.mode === "immediate"
          ? `; ${formatUsdt(price.oldPrice, { suffix: true })} → ${formatUsdt(price.newPrice, { suffix: true })} a month at once`
          : "";
    const trialNote =
      plan.trialDays === input.trialDays
        ? ""
        : `; free trial ${trialText(plan.trialDays)} → ${trialText(input.trialDays)}`;
    await recordAuditEvent({
      tx,
      actor,
      action: price.mode === "scheduled" ? "plan.price_scheduled" : "plan.updated",
      target: { type: "plan", id: String(plan.id) },
      summary: `${input.name}: saved${priceNote}${trialNote}`,
      before,
      after,
      now,
    });
    return { id: plan.id, price };
  });
}
