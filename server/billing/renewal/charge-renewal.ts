import { eq } from "drizzle-orm";
import { formatDate } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import { priceFor } from "~/lib/pricing";
import { renewalDiscount, spendCouponRenewal } from "../../coupons/renewal-discount.ts";
import type { Tx } from "../../db/client.ts";
import { subscriptions } from "../../db/schema.ts";
import { isAppError } from "../../lib/errors.ts";
import { enqueueNotification } from "../../notifications/enqueue-notification.ts";
import { postLedgerEntry } from "../ledger.ts";
import { formatShortfall, isoDate } from "../messages.ts";
import { nextDueDate } from "../periods.ts";
import { priceBreakdownPayload } from "../price-breakdown.ts";
import { rewardReferral } from "../referral-rewards/reward-referral.ts";
import type { Change, Subscription } from "../resolve-scheduled-change.ts";
import { priceTrialConversion, type TrialConversion, type trialEnding } from "../trial-rules.ts";
import { endReplacedByTrial, expire, insertRenewalBill, renewalCart } from "./renewal-writes.ts";

type Plan = { id: number; name: string };

/**
 * The charged part of a renewal (renew-subscription.ts), once every reason not to charge (a ban,
 * autorenew off, a complimentary plan, a switch to a plan held, a gift that covers it) is ruled out,
 * inside the renewal's transaction and under its locks. `claimed` is the row as held, `renewing`
 * the row as the scheduled change makes it (what is priced), `plan` and `held` their plans' names.
 * A balance that does not cover it ends the plan held ("failed"; a trial just ends, "expired"); a
 * replay of a due date already charged moves on without a second charge ("skipped").
 */
export async function chargeRenewal({
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
}: {
  tx: Tx;
  claimed: Subscription;
  renewing: Subscription;
  change: Change | null;
  plan: Plan;
  held: Plan;
  monthly: bigint;
  profile: { balance: bigint };
  /** The free trial this due date ends (trialEnding), null for a paid period. */
  trial: ReturnType<typeof trialEnding>;
  due: Date;
  now: Date;
}): Promise<"charged" | "expired" | "failed" | "skipped"> {
  const base = { tx, userId: sub.userId };
  const listPrice = priceFor(monthly, sub.billingPeriod);
  // A code bought with the plan may still discount its renewals (every one, or a number of them).
  const coupon = await renewalDiscount({ tx, subscription: sub, listPrice });
  const listed = renewalCart({ plan: { planId: sub.planId, name: plan.name, listPrice }, coupon });
  // A trial converting while the member pays for a plan it includes is an upgrade at this moment:
  // that plan's unused part comes off the charge, and it ends once the conversion is paid.
  const conversion: TrialConversion | null = trial
    ? await priceTrialConversion({ db: tx, subscription: sub, cart: listed, at: now })
    : null;
  const cart = conversion?.cart ?? listed;
  const amount = cart.charged;
  if (sub.billingPeriod === "lifetime") return "skipped";
  // A converted trial's paid periods run from the trial's end, so its day of the month anchors them.
  const nextDate = nextDueDate(due, sub.billingPeriod, sub.trialEndsAt ?? sub.startDate);
  const description = `Renewal: ${plan.name} (${sub.billingPeriod}), due ${formatDate(due)}`;
  let balance = profile.balance;
  const reference = `renewal:${sub.id}:${due.toISOString()}`;
  const bill = {
    tx,
    userId: sub.userId,
    now,
    cart,
    description,
    planName: plan.name,
    period: sub.billingPeriod,
    from: due,
    until: nextDate,
  };
  if (amount > 0n) {
    try {
      const posted = await postLedgerEntry({
        tx,
        userId: sub.userId,
        kind: "renewal",
        amount: -amount,
        reference,
        memo: description,
      });
      // Already charged for this due date (a replay): move on without a second charge or invoice.
      if (!posted.inserted) {
        await tx
          .update(subscriptions)
          .set({ nextBillingDate: nextDate, ...change })
          .where(eq(subscriptions.id, sub.id));
        return "skipped";
      }
      balance = posted.balance;
    } catch (error) {
      if (!isAppError(error) || error.code !== "PAYMENT_REQUIRED") throw error;
      // The row was never changed: the plan the member had is the one that ends.
      await expire({ tx, subscriptionId: claimed.id });
      // A trial the balance does not cover simply ends: nothing was owed, so no failed bill. The
      // plans it would have replaced go on as they were.
      if (trial) {
        await enqueueNotification({ ...base, ...trial.ended("balance", plan.name, due) });
        return "expired";
      }
      // What was due is the renewal as scheduled (the smaller plan's price); the row and the
      // message name the plan that ended too when the change was to another plan.
      const changing = held.id !== plan.id;
      await insertRenewalBill({
        ...bill,
        status: "failed",
        description: changing
          ? `Renewal: ${held.name}, changing to ${plan.name} (${sub.billingPeriod}), due ${formatDate(due)} — insufficient balance`
          : `${description} — insufficient balance`,
        ledgerReference: null,
      });
      await enqueueNotification({
        ...base,
        kind: "renewal_failed",
        payload: {
          plan: held.name,
          ...(changing ? { changingTo: plan.name } : {}),
          amount: formatUsdt(amount, { suffix: true }),
          balance: formatUsdt(profile.balance),
          shortfall: formatShortfall(amount - profile.balance),
        },
      });
      return "failed";
    }
  }

  const discounted = Boolean(coupon && cart.discount > 0n);
  const { invoiceId, billingId } = await insertRenewalBill({
    ...bill,
    status: "paid",
    ledgerReference: amount > 0n ? reference : null,
    // The paid row is the code's use (a renewal: listed with its uses, not counted against its limits).
    renewalCouponId: discounted ? coupon!.couponId : null,
  });
  if (discounted) {
    await spendCouponRenewal({ tx, subscriptionId: sub.id, renewalsLeft: sub.couponRenewalsLeft });
  }
  // A referred member whose first paid payment is a renewal (a trial that converted) earns the referrer its reward.
  await rewardReferral({ tx, userId: sub.userId, billingId, charged: amount, now });
  await tx
    .update(subscriptions)
    .set({ nextBillingDate: nextDate, ...change, ...(trial ? { trialConvertedAt: now } : {}) })
    .where(eq(subscriptions.id, sub.id));
  const replaced = conversion?.replaced ?? [];
  await endReplacedByTrial({ tx, replaced, now });
  await enqueueNotification({
    ...base,
    kind: trial ? "trial_converted" : "renewal_charged",
    payload: {
      plan: plan.name,
      amount: formatUsdt(amount, { suffix: true }),
      nextBillingDate: isoDate(nextDate),
      invoiceId,
      balance: formatUsdt(balance),
      ...(replaced.length > 0 ? { replaced: replaced.map((ended) => ended.name).join(", ") } : {}),
      ...priceBreakdownPayload(cart),
    },
  });
  return "charged";
}
