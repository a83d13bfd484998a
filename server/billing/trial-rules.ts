import { switchCart, type HeldPlan } from "~/lib/billing/plan-switch";
import { formatUsdt } from "~/lib/money";
import { priceCart, type PricedCart } from "~/lib/priced-lines";
import { priceFor, type BillingPeriod } from "~/lib/pricing";
import type { DbOrTx } from "../db/client.ts";
import { trialIdentity } from "../db/trial-identity.ts";
import { getHeldPlans } from "./held-plans.ts";
import { isoDate } from "./messages.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The refusals a member reads when a trial cannot start: each says why and what to do instead. */
export const TRIAL_MESSAGES = {
  noTrial: "This plan has no free trial.",
  verifyEmail:
    "Verify your email address to start a free trial: use the link we emailed you, or send a " +
    "new one from your dashboard.",
  active: (plan: string) => `You already have ${plan}.`,
  hadPlan: (plan: string) =>
    `You have had ${plan} before, so its free trial is not available. Subscribe to get it again.`,
  used: (plan: string) =>
    `The free trial of ${plan} has already been used by this account, email or Telegram account. Subscribe to get it.`,
  banned: "This account cannot start a free trial.",
  inOrder: (plan: string) =>
    `Your unpaid order includes ${plan} with other plans. Cancel the order (or pay it) before starting the free trial of ${plan}.`,
} as const;

/** A trial's end: its days after it starts, to the minute it started. */
export function trialEnd(start: Date, days: number): Date {
  return new Date(start.getTime() + days * DAY_MS);
}

/**
 * The identities a trial is claimed under (trial_claims): the account, and the verified email
 * and Telegram account as digests, so the same person on a second account meets the first claim.
 */
export function trialIdentities(who: { userId: string; email: string; telegramUserId: bigint | null }): string[] {
  return [
    trialIdentity("user", who.userId),
    trialIdentity("email", who.email),
    ...(who.telegramUserId === null ? [] : [trialIdentity("telegram", who.telegramUserId.toString())]),
  ];
}

/** What a trial turns into at its end: the plan's monthly price, as every message about it states it. */
export function trialPriceText(monthly: bigint): string {
  return `${formatUsdt(priceFor(monthly, "monthly"), { suffix: true })} a month`;
}

/**
 * A subscription reaching the end of its free trial (the renewal job's due date is the trial's
 * end), or null for any other due date: what the member is told when it ends unconverted.
 */
export function trialEnding(sub: { trialEndsAt: Date | null; trialConvertedAt: Date | null }, monthly: bigint) {
  if (sub.trialEndsAt === null || sub.trialConvertedAt !== null) return null;
  return {
    ended: (reason: "autorenew" | "balance", plan: string, endedOn: Date) => ({
      kind: "trial_ended" as const,
      payload: { plan, endedOn: isoDate(endedOn), price: trialPriceText(monthly), reason },
    }),
  };
}

export type TrialConversion = { cart: PricedCart; replaced: HeldPlan[] };

/**
 * A free trial converting at `at` is an upgrade at that moment: the member's active plans whose
 * chats the trial's plan includes (VIP Signals under an All-in-One trial) end at the conversion,
 * and the unused part of what was paid for them comes off its charge. The same rule and arithmetic
 * as a purchase (switchCart: complimentary plans are never replaced, lifetime ones only by lifetime,
 * the credit rounded down to the cent and never more than the line's price), so a member who
 * converts pays what an upgrade bought at that minute would have cost. The trial itself is left
 * out of what it replaces. Reads only; the caller charges and ends what it replaces.
 */
export async function priceTrialConversion(options: {
  db: DbOrTx;
  subscription: { id: string; userId: string; planId: number; billingPeriod: BillingPeriod };
  cart: PricedCart;
  at: Date;
}): Promise<TrialConversion> {
  const { subscription: sub, cart } = options;
  const { held, reach } = await getHeldPlans({
    db: options.db,
    userId: sub.userId,
    planIds: [sub.planId],
    now: options.at,
  });
  const switched = switchCart({
    lines: cart.lines,
    period: sub.billingPeriod,
    held: held.filter((plan) => plan.subscriptionId !== sub.id),
    reach,
  });
  return { cart: priceCart(switched.lines, cart.couponCode), replaced: switched.replaced };
}
