import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { pgError } from "../db/db-errors.ts";
import { billingHistory, orders, pricing, profiles, subscriptions, trialClaims, user } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { enqueueNotification } from "../notifications/enqueue-notification.ts";
import { includedRefusal } from "./included-refusal.ts";
import { newInvoiceId } from "./invoice-id.ts";
import { isoDate } from "./messages.ts";
import { findTrialOrder } from "./trial-order.ts";
import { TRIAL_MESSAGES, trialEnd, trialIdentities, trialPriceText } from "./trial-rules.ts";

export const PAYMENT_TYPE_TRIAL = "Free trial";

export type StartedTrial = { subscriptionId: string; plan: string; endsAt: Date; days: number };

/**
 * Starts a member's free trial of a plan: an active monthly subscription (the same access as a
 * paid one: Telegram links, the plan's chats) whose first due date is the trial's end, autorenew
 * on, marked by `trial_ends_at`; a billing row of 0 so the statement shows it; the welcome in the
 * outbox (its Telegram copy sends the access links). Nothing is charged: at its end the renewal
 * job converts it if the balance covers the price, or ends it like any expiry.
 *
 * Once per plan per person: the account, its verified email and its Telegram account each claim
 * the plan's trial (trial_claims' primary key), so another account with the same email or
 * Telegram is refused, and of two starts at once the second finds the first's claim (it waits
 * for the first to commit, then inserts nothing) and is refused. A member who has had the plan
 * in any form is refused too, and so is one whose chats an active plan already includes. A trial
 * needs a verified email: that is what makes "one per email" mean one per person.
 */
export async function startTrial(options: {
  db: Db;
  userId: string;
  planId: number;
  now?: Date;
}): Promise<StartedTrial> {
  const { db, userId, planId, now = new Date() } = options;
  try {
    return await db.transaction(async (tx) => {
      // The lock purchases take: a purchase and a trial of one member never interleave.
      const [profile] = await tx
        .select({ telegramUserId: profiles.telegramUserId, telegramVerified: profiles.telegramVerified })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .for("update");
      const [account] = await tx
        .select({ email: user.email, emailVerified: user.emailVerified, banned: user.banned })
        .from(user)
        .where(eq(user.id, userId));
      if (!profile || !account) throw new AppError("NOT_FOUND", "Your account was not found.");
      const [plan] = await tx
        .select({ id: pricing.id, name: pricing.name, price: pricing.price, trialDays: pricing.trialDays })
        .from(pricing)
        .where(and(eq(pricing.id, planId), eq(pricing.published, true)));
      if (!plan || plan.trialDays <= 0) throw new AppError("NOT_FOUND", TRIAL_MESSAGES.noTrial);
      if (account.banned === true) throw new AppError("FORBIDDEN", TRIAL_MESSAGES.banned);
      if (!account.emailVerified) throw new AppError("FORBIDDEN", TRIAL_MESSAGES.verifyEmail);
      const had = await tx
        .select({ status: subscriptions.status })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.planId, planId)));
      if (had.some((s) => s.status === "active")) throw new AppError("CONFLICT", TRIAL_MESSAGES.active(plan.name));
      // Checked before "you have had it", as the trial page does: a plan held inside a bigger one
      // is still the member's, and buying it again would be refused with these words too.
      const included = await includedRefusal({ db: tx, userId, planId, now });
      if (included) throw new AppError("CONFLICT", included);
      if (had.length > 0) throw new AppError("CONFLICT", TRIAL_MESSAGES.hadPlan(plan.name));

      // An unpaid order for this plan could no longer be paid ("Already subscribed") once the
      // trial runs. One for this plan alone is cancelled, the trial taking its place (nothing was
      // charged for it); one with other plans too is the member's to cancel or pay first.
      const order = await findTrialOrder({ db: tx, userId, planId, now, lock: true });
      if (order && !order.alone) throw new AppError("CONFLICT", TRIAL_MESSAGES.inOrder(plan.name));
      if (order) await tx.update(orders).set({ status: "cancelled", closedAt: now }).where(eq(orders.id, order.id));

      const identities = trialIdentities({
        userId,
        email: account.email,
        telegramUserId: profile.telegramVerified ? profile.telegramUserId : null,
      });
      const endsAt = trialEnd(now, plan.trialDays);
      const [sub] = await tx
        .insert(subscriptions)
        .values({
          userId,
          planId,
          status: "active",
          billingPeriod: "monthly",
          startDate: now,
          nextBillingDate: endsAt,
          autorenew: true,
          trialEndsAt: endsAt,
        })
        .returning({ id: subscriptions.id });
      const claimed = await tx
        .insert(trialClaims)
        .values(identities.map((identity) => ({ planId, identity, userId, subscriptionId: sub!.id, createdAt: now })))
        .onConflictDoNothing()
        .returning({ identity: trialClaims.identity });
      // Any identity already claimed: the whole start rolls back (the subscription with it).
      if (claimed.length < identities.length) throw new AppError("CONFLICT", TRIAL_MESSAGES.used(plan.name));

      const days = `${plan.trialDays} ${plan.trialDays === 1 ? "day" : "days"}`;
      const invoiceId = newInvoiceId(now);
      await tx.insert(billingHistory).values({
        userId,
        invoiceId,
        issueDate: now,
        totalAmount: 0n,
        paymentType: PAYMENT_TYPE_TRIAL,
        status: "paid",
        description: `${plan.name} (free trial, ${days})`,
        planNames: [plan.name],
        periodStart: now,
        periodEnd: endsAt,
      });
      await enqueueNotification({
        tx,
        userId,
        kind: "trial_started",
        payload: { plan: plan.name, days, endsOn: isoDate(endsAt), price: trialPriceText(plan.price) },
      });
      return { subscriptionId: sub!.id, plan: plan.name, endsAt, days: plan.trialDays };
    });
  } catch (error) {
    // A purchase or another start of this plan that committed between the check and the insert.
    if (pgError(error).constraint === "subscriptions_one_active_per_plan")
      throw new AppError("CONFLICT", TRIAL_MESSAGES.used("this plan"));
    throw error;
  }
}
