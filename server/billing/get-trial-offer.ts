import { and, eq, inArray } from "drizzle-orm";
import type { TrialOffer } from "~/lib/view-types/member";
import type { DbOrTx } from "../db/client.ts";
import { pricing, profiles, subscriptions, trialClaims, user } from "../db/schema.ts";
import { includedRefusal } from "./included-refusal.ts";
import { findTrialOrder } from "./trial-order.ts";
import { TRIAL_MESSAGES, trialEnd, trialIdentities, trialPriceText } from "./trial-rules.ts";

/**
 * A plan's free trial as the member's trial page offers it: the plan, its days, when it would
 * end and what it costs afterwards, and — read without changing anything — why this member
 * cannot start it, in the words startTrial would refuse with. Null for a plan not on sale; a plan
 * on sale without a trial (taken away since the link was shown) is offered with 0 days and says so.
 * A visitor (`userId` null) gets the offer as it stands, to sign in or sign up for it.
 */
export async function getTrialOffer(options: {
  db: DbOrTx;
  userId: string | null;
  planId: number;
  now?: Date;
}): Promise<TrialOffer | null> {
  const { db, userId, planId, now = new Date() } = options;
  const [plan] = await db
    .select({ id: pricing.id, name: pricing.name, price: pricing.price, trialDays: pricing.trialDays })
    .from(pricing)
    .where(and(eq(pricing.id, planId), eq(pricing.published, true)));
  if (!plan) return null;
  const offer = {
    planId: plan.id,
    plan: plan.name,
    days: plan.trialDays,
    endsAt: trialEnd(now, plan.trialDays).toISOString(),
    price: trialPriceText(plan.price),
  };
  if (plan.trialDays <= 0) return { ...offer, days: 0, refusal: TRIAL_MESSAGES.noTrial, needsEmail: false };
  if (userId === null) return { ...offer, refusal: null, needsEmail: false };
  const [account] = await db
    .select({
      email: user.email,
      emailVerified: user.emailVerified,
      banned: user.banned,
      telegramUserId: profiles.telegramUserId,
      telegramVerified: profiles.telegramVerified,
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  if (!account) return { ...offer, refusal: "Your account was not found.", needsEmail: false };
  if (account.banned === true) return { ...offer, refusal: TRIAL_MESSAGES.banned, needsEmail: false };
  if (!account.emailVerified) return { ...offer, refusal: TRIAL_MESSAGES.verifyEmail, needsEmail: true };
  const had = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.planId, planId)));
  if (had.some((s) => s.status === "active"))
    return { ...offer, refusal: TRIAL_MESSAGES.active(plan.name), needsEmail: false };
  // Before "you have had it": a member who upgraded from this plan still has it, inside the
  // bigger one, and subscribing to it again would be refused with these same words.
  const included = await includedRefusal({ db, userId, planId, now });
  if (included) return { ...offer, refusal: included, needsEmail: false, included: true };
  if (had.length > 0) return { ...offer, refusal: TRIAL_MESSAGES.hadPlan(plan.name), needsEmail: false };
  const order = await findTrialOrder({ db, userId, planId, now });
  if (order && !order.alone) return { ...offer, refusal: TRIAL_MESSAGES.inOrder(plan.name), needsEmail: false };
  const identities = trialIdentities({
    userId,
    email: account.email,
    telegramUserId: account.telegramVerified ? account.telegramUserId : null,
  });
  const [claimed] = await db
    .select({ identity: trialClaims.identity })
    .from(trialClaims)
    .where(and(eq(trialClaims.planId, planId), inArray(trialClaims.identity, identities)))
    .limit(1);
  return { ...offer, refusal: claimed ? TRIAL_MESSAGES.used(plan.name) : null, needsEmail: false };
}
