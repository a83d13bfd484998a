import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { pricing, profiles, subscriptions, user } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { enqueueNotification } from "../notifications/enqueue-notification.ts";
import { settleCoveredRenewal } from "./complimentary/settle-covered-renewal.ts";
import { dueForRenewal } from "./due-subscriptions.ts";
import { isoDate } from "./messages.ts";
import { planPriceAt } from "./plan-price-at.ts";
import { chargeRenewal } from "./renewal/charge-renewal.ts";
import { endAsScheduled, expire } from "./renewal/renewal-writes.ts";
import { resolveScheduledChange } from "./resolve-scheduled-change.ts";
import { trialEnding } from "./trial-rules.ts";

/** What one subscription's settlement did; "skipped" = not due any more, or another runner holds it. */
export type RenewalOutcome = "charged" | "expired" | "failed" | "skipped";

/**
 * Settles one due subscription in its own transaction:
 * - locks the member's profile row first (the same lock purchases take, in the same order: profile,
 *   then subscription), so a second runner waits for this one and then finds it no longer due;
 * - claims the row with FOR UPDATE SKIP LOCKED, re-checking that it is still due;
 * - a banned member → expired, nothing charged, no conversion and no message ("autorenew was off",
 *   "subscribe again" would be untrue for them);
 * - autorenew off or a complimentary plan → expired, nothing charged (+ subscription_expired, or trial_ended);
 * - a paid plan an active complimentary plan of the member's includes past the due date → nothing
 *   charged, the due date moved on, a change the member scheduled left pending (+ renewal_covered);
 *   the same when the plan a scheduled change switches to is included, the change then applied;
 * - a change the member scheduled (a smaller plan, a shorter period) is what is priced and charged,
 *   written only once paid: a failed renewal ends the plan the member had; a change to a plan held
 *   already in another active subscription ends the plan held, uncharged (+ subscription_expired);
 * - a free trial converting while the member pays for a plan it includes credits that plan's unused
 *   part against the charge and ends it, as an upgrade bought at that moment would;
 * - autorenew on → one `renewal` ledger debit at the plan's price in force on the due date
 *   (planPriceAt, then priceFor for the period), reference
 *   `renewal:{id}:{due ISO}` so a replay of the same due date never charges twice; a paid
 *   billing row; the next due date one period after the OLD due date (+ renewal_charged);
 * - balance short → expired, a failed billing row for the amount due (+ renewal_failed).
 * The last three, the charge and what it writes, are chargeRenewal's (renewal/charge-renewal.ts).
 */
export async function renewSubscription({
  db,
  subscriptionId,
  now,
}: {
  db: Db;
  subscriptionId: string;
  now: Date;
}): Promise<RenewalOutcome> {
  return db.transaction(async (tx) => {
    // Whose subscription it is, unlocked: the member's profile is locked before the subscription,
    // in the order every purchase (an upgrade that ends this plan) takes them. The other order let
    // a renewal and an upgrade of the same plan each hold one lock and wait for the other.
    const [owned] = await tx
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId), dueForRenewal(now)));
    if (!owned) return "skipped";
    const [profile] = await tx
      .select({ balance: profiles.balance })
      .from(profiles)
      .where(eq(profiles.id, owned.userId))
      .for("update");
    // Checked again under the lock: an upgrade that ended it meanwhile, or another runner that
    // settled it, leaves it no longer due.
    const [claimed] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId), dueForRenewal(now)))
      .for("update", { skipLocked: true });
    if (!claimed || claimed.billingPeriod === "lifetime" || !claimed.nextBillingDate) return "skipped";
    // A smaller plan or shorter period the member chose is what this renewal prices and charges;
    // it is written only once paid, so a renewal that fails ends the plan the member had.
    const resolved =
      claimed.autorenew && !claimed.complimentary
        ? await resolveScheduledChange({ tx, subscription: claimed })
        : { renewing: claimed, change: null, alreadyHeld: null };
    const { renewing: sub, change, alreadyHeld } = resolved;
    const names = await tx
      .select({ id: pricing.id, name: pricing.name })
      .from(pricing)
      .where(inArray(pricing.id, [claimed.planId, sub.planId]));
    const plan = names.find((row) => row.id === sub.planId);
    const held = names.find((row) => row.id === claimed.planId);
    if (!profile || !plan || !held) throw new AppError("NOT_FOUND", `Subscription ${sub.id} has no profile or plan.`);

    const due = claimed.nextBillingDate;
    // The price in force on the due date: a rise announced with 30 days' notice applies to this
    // member's renewals only from its date on.
    const monthly = (await planPriceAt({ tx, planId: sub.planId, at: due, subscribedAt: sub.startDate }))!;
    const base = { tx, userId: sub.userId };
    // A complimentary plan is never charged, whatever its autorenew says: it lapses on its date.
    // A banned member is never charged again either (a trial never converts): it ends at its due date.
    const [owner] = await tx.select({ banned: user.banned }).from(user).where(eq(user.id, sub.userId));
    // A free trial ends like any subscription; what the member is told says it was a trial.
    const trial = trialEnding(sub, monthly);
    if (owner?.banned === true) {
      await expire({ tx, subscriptionId: sub.id });
      return "expired";
    }
    if (!sub.autorenew || sub.complimentary) {
      await expire({ tx, subscriptionId: sub.id });
      await enqueueNotification({
        ...base,
        ...(trial?.ended("autorenew", plan.name, due) ?? {
          kind: "subscription_expired",
          payload: {
            plan: plan.name,
            endedOn: isoDate(due),
            ...(sub.complimentary ? { reason: "complimentary" } : {}),
          },
        }),
      });
      return "expired";
    }

    // The member moves to a plan they hold already: the plan held ends as scheduled, uncharged.
    if (alreadyHeld) {
      await endAsScheduled({ tx, subscription: claimed, held: held.name, alreadyHeld: alreadyHeld.name, due });
      return "expired";
    }
    // A paid plan whose every chat a complimentary plan of the member's gives already, held or
    // switched to by the change they scheduled, is not charged while that plan runs (a trial is
    // left to end or convert as any trial).
    if (
      !trial &&
      (await settleCoveredRenewal({
        tx,
        held: { subscription: claimed, name: held.name },
        renewing: { subscription: sub, name: plan.name },
        change,
        due,
      }))
    )
      return "skipped";

    return chargeRenewal({
      tx,
      claimed,
      renewing: sub,
      change,
      plan,
      held,
      monthly,
      profile,
      trial,
      due,
      now,
    });
  });
}
