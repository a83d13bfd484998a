import { and, eq } from "drizzle-orm";
import { plural } from "~/lib/plural";
import type { Db, Tx } from "../db/client.ts";
import { pgError } from "../db/db-errors.ts";
import { billingHistory, pricing, profiles, subscriptions } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { enqueueNotification } from "../notifications/enqueue-notification.ts";
import { newInvoiceId } from "./invoice-id.ts";
import { firstBillingDate } from "./periods.ts";

export const PAYMENT_TYPE_COMPLIMENTARY = "Complimentary";
const DAY_MS = 24 * 60 * 60 * 1000;

export type ComplimentaryLength = { period: "monthly" | "quarterly" | "lifetime" } | { period: "days"; days: number };

export const alreadyActive = (plan = "this plan") =>
  `The member already has an active subscription to ${plan}; extend it instead of giving the plan again.`;

/**
 * A plan given for free by staff: an active subscription marked complimentary with autorenew
 * off (so the renewal job lets it lapse on its end date and never charges it), a billing row of
 * 0 paid "Complimentary" so the member sees it as such, and the same purchase notice a bought
 * plan sends (its Telegram delivery also sends the access links). No ledger row: no money moves.
 * `onGranted` runs in the same transaction (the back office's audit row).
 */
export async function grantComplimentary(options: {
  db: Db;
  memberId: string;
  planId: number;
  length: ComplimentaryLength;
  now?: Date;
  onGranted?: (
    tx: Tx,
    granted: { subscriptionId: string; plan: string; nextBillingDate: Date | null; invoiceId: string },
  ) => Promise<void>;
}) {
  const { db, memberId, planId, length, now = new Date() } = options;
  try {
    return await db.transaction(async (tx) => {
      const [profile] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.id, memberId))
        .for("update");
      if (!profile) throw new AppError("NOT_FOUND", "This member no longer exists.");
      const [plan] = await tx
        .select({ id: pricing.id, name: pricing.name })
        .from(pricing)
        .where(and(eq(pricing.id, planId), eq(pricing.published, true)));
      if (!plan) throw new AppError("CONFLICT", "This plan is not published; choose a published plan.");
      const [active] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(eq(subscriptions.userId, memberId), eq(subscriptions.planId, planId), eq(subscriptions.status, "active")),
        );
      if (active) throw new AppError("CONFLICT", alreadyActive(plan.name));

      // N days is stored as a monthly subscription that ends (autorenew off) after those days.
      const period = length.period === "days" ? "monthly" : length.period;
      const nextBillingDate =
        length.period === "days" ? new Date(now.getTime() + length.days * DAY_MS) : firstBillingDate(now, period);
      const [sub] = await tx
        .insert(subscriptions)
        .values({
          userId: memberId,
          planId,
          status: "active",
          billingPeriod: period,
          startDate: now,
          nextBillingDate,
          autorenew: false,
          complimentary: true,
        })
        .returning({ id: subscriptions.id });
      const lengthText = length.period === "days" ? plural(length.days, "day") : length.period;
      const invoiceId = newInvoiceId(now);
      await tx.insert(billingHistory).values({
        userId: memberId,
        invoiceId,
        issueDate: now,
        totalAmount: 0n,
        paymentType: PAYMENT_TYPE_COMPLIMENTARY,
        status: "paid",
        description: `${plan.name} (${lengthText}, complimentary)`,
      });
      await enqueueNotification({
        tx,
        userId: memberId,
        kind: "purchase_confirmed",
        payload: { plans: plan.name, period: lengthText, amount: "free (complimentary)", invoiceId },
      });
      await options.onGranted?.(tx, { subscriptionId: sub!.id, plan: plan.name, nextBillingDate, invoiceId });
      return { subscriptionId: sub!.id, plan: plan.name, nextBillingDate, invoiceId };
    });
  } catch (error) {
    // A purchase of the same plan that committed between the check and the insert.
    if (pgError(error).constraint === "subscriptions_one_active_per_plan")
      throw new AppError("CONFLICT", alreadyActive());
    throw error;
  }
}
