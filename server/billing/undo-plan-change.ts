import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { subscriptions } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { noScheduledChange } from "./no-scheduled-change.ts";
import { planChangeMessages } from "./schedule-plan-change.ts";

/** Undoes a scheduled change: the subscription renews as it is. Allowed until the renewal has run. */
export async function undoPlanChange(options: { db: Db; userId: string; subscriptionId: string }): Promise<void> {
  const { db, userId, subscriptionId } = options;
  const undone = await db
    .update(subscriptions)
    .set(noScheduledChange)
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, "active"),
        sql`${subscriptions.scheduledPlanId} is not null`,
      ),
    )
    .returning({ id: subscriptions.id });
  if (undone.length === 0) throw new AppError("NOT_FOUND", planChangeMessages.nothingScheduled);
}
