import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { pricing } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { PLAN_NOT_FOUND } from "./save-plan.ts";

/**
 * Publishes or unpublishes a plan, or moves it one place up or down the pricing page:
 * one transaction with its audit row. Moving renumbers every plan 1…n in the new
 * order, so equal or missing orders from older data sort out too.
 */
export async function arrangePlan(options: {
  db: Db;
  planId: number;
  change: { published: boolean } | { move: "up" | "down" };
  actor: StaffActor;
}) {
  const { db, planId, change, actor } = options;
  return db.transaction(async (tx) => {
    const plans = await tx.select().from(pricing).orderBy(asc(pricing.displayOrder), asc(pricing.id)).for("update");
    const index = plans.findIndex((plan) => plan.id === planId);
    const plan = plans[index];
    if (!plan) throw new AppError("NOT_FOUND", PLAN_NOT_FOUND);
    if ("published" in change) {
      if (plan.published === change.published) return { changed: false };
      await tx
        .update(pricing)
        .set({ published: change.published, updatedAt: new Date() })
        .where(eq(pricing.id, planId));
      await recordAuditEvent({
        tx,
        actor,
        action: change.published ? "plan.published" : "plan.unpublished",
        target: { type: "plan", id: String(planId) },
        summary: `${plan.name}: ${change.published ? "published" : "unpublished"}`,
        before: { published: plan.published },
        after: { published: change.published },
      });
      return { changed: true };
    }
    const to = change.move === "up" ? index - 1 : index + 1;
    if (to < 0 || to >= plans.length) return { changed: false };
    const order = [...plans];
    [order[index], order[to]] = [order[to]!, order[index]!];
    for (const [i, row] of order.entries()) {
      if (row.displayOrder !== i + 1)
        await tx
          .update(pricing)
          .set({ displayOrder: i + 1 })
          .where(eq(pricing.id, row.id));
    }
    await recordAuditEvent({
      tx,
      actor,
      action: "plan.moved",
      target: { type: "plan", id: String(planId) },
      summary: `${plan.name}: moved ${change.move} to place ${to + 1} of ${plans.length}`,
      before: { place: index + 1 },
      after: { place: to + 1 },
    });
    return { changed: true };
  });
}
