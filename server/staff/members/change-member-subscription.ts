import { and, eq } from "drizzle-orm";
import { formatDate } from "~/lib/dates";
import { noScheduledChange } from "../../billing/no-scheduled-change.ts";
import type { Db, Tx } from "../../db/client.ts";
import { pricing, subscriptions } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { removeExpiredAccess } from "../../telegram/remove-expired-access.ts";
import { getTelegramBot } from "../../telegram/telegram-bot.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SUBSCRIPTION_GONE = "This subscription is not one of this member's.";
export const LIFETIME_NO_EXTEND = "A lifetime subscription never ends, so it cannot be extended.";
export const NOT_ACTIVE = "This subscription is no longer active.";

type Change = { db: Db; memberId: string; subscriptionId: string; actor: StaffActor };

/** The member's subscription, locked for the change; refused when it is not theirs or not active. */
async function lockActive(tx: Tx, memberId: string, subscriptionId: string) {
  const [sub] = await tx
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      billingPeriod: subscriptions.billingPeriod,
      nextBillingDate: subscriptions.nextBillingDate,
      autorenew: subscriptions.autorenew,
      plan: pricing.name,
    })
    .from(subscriptions)
    .innerJoin(pricing, eq(pricing.id, subscriptions.planId))
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, memberId)))
    .for("update", { of: subscriptions });
  if (!sub) throw new AppError("NOT_FOUND", SUBSCRIPTION_GONE);
  if (sub.status !== "active") throw new AppError("CONFLICT", NOT_ACTIVE);
  return sub;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Moves the next billing date N days later (a free extension); lifetime has none to move. */
export async function extendSubscription(options: Change & { days: number }) {
  const { db, memberId, subscriptionId, actor, days } = options;
  return db.transaction(async (tx) => {
    const sub = await lockActive(tx, memberId, subscriptionId);
    if (sub.billingPeriod === "lifetime" || !sub.nextBillingDate) throw new AppError("CONFLICT", LIFETIME_NO_EXTEND);
    const next = new Date(sub.nextBillingDate.getTime() + days * DAY_MS);
    await tx.update(subscriptions).set({ nextBillingDate: next }).where(eq(subscriptions.id, sub.id));
    await recordAuditEvent({
      tx,
      actor,
      action: "member.subscription-extend",
      target: { type: "member", id: memberId },
      summary: `Extended ${sub.plan} by ${days === 1 ? "1 day" : `${days} days`}`,
      before: { subscription: sub.id, nextBillingDate: iso(sub.nextBillingDate) },
      after: { subscription: sub.id, nextBillingDate: iso(next) },
    });
    return { nextBillingDate: next.toISOString() };
  });
}

/**
 * Ends the subscription now: cancelled, and the bot removes the member from the plan's chats
 * at once (the same removal the expiry sweep does; a failure is retried by that sweep).
 */
export async function cancelSubscriptionNow(options: Change) {
  const { db, memberId, subscriptionId, actor } = options;
  await db.transaction(async (tx) => {
    const sub = await lockActive(tx, memberId, subscriptionId);
    // Ended now, it never renews: a change scheduled for its renewal goes with it.
    await tx
      .update(subscriptions)
      .set({ status: "cancelled", autorenew: false, ...noScheduledChange })
      .where(eq(subscriptions.id, sub.id));
    await recordAuditEvent({
      tx,
      actor,
      action: "member.subscription-cancel",
      target: { type: "member", id: memberId },
      summary: `Cancelled ${sub.plan} now`,
      before: { subscription: sub.id, status: sub.status, autorenew: sub.autorenew },
      after: { subscription: sub.id, status: "cancelled", autorenew: false },
    });
  });
  const removal = await removeExpiredAccess({ db, bot: getTelegramBot(), subscriptionIds: [subscriptionId] });
  return { removedFromChats: removal.removed };
}

/** Autorenew off: the renewal job lets it lapse on its next billing date, with no charge. */
export async function cancelSubscriptionAtPeriodEnd(options: Change) {
  const { db, memberId, subscriptionId, actor } = options;
  return db.transaction(async (tx) => {
    const sub = await lockActive(tx, memberId, subscriptionId);
    if (sub.billingPeriod === "lifetime" || !sub.nextBillingDate)
      throw new AppError("CONFLICT", "A lifetime subscription has no period end; cancel it now instead.");
    if (!sub.autorenew) throw new AppError("CONFLICT", "This subscription already ends at its period end.");
    await tx.update(subscriptions).set({ autorenew: false }).where(eq(subscriptions.id, sub.id));
    await recordAuditEvent({
      tx,
      actor,
      action: "member.subscription-cancel-at-period-end",
      target: { type: "member", id: memberId },
      summary: `${sub.plan} ends at its period end (${formatDate(sub.nextBillingDate)})`,
      before: { subscription: sub.id, autorenew: true },
      after: { subscription: sub.id, autorenew: false },
    });
    return { endsOn: sub.nextBillingDate.toISOString() };
  });
}
