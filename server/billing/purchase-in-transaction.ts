import crypto from "node:crypto";
import { priceCart, priceLine, type PricedCart, type PricedLine } from "~/lib/priced-lines";
import { priceFor, type BillingPeriod } from "~/lib/pricing";
import { keepCoupon, type CachedCoupon } from "../coupons/coupon-cache.ts";
import { planVersionsCheck } from "../coupons/coupon-gate.ts";
import { NeedUses, type CouponUsePool, type LeasedUse } from "../coupons/coupon-use-pool.ts";
import { countCouponUse, priceCouponRow, renewalRule } from "../coupons/price-with-coupon.ts";
import { readPurchaseCoupon, refuseTypedCoupon } from "../coupons/purchase-coupon.ts";
import type { Db, Tx } from "../db/client.ts";
import type { CommitWith } from "../db/run-transaction-reading-first.ts";
import { AppError } from "../lib/errors.ts";
import { readHeldPlans } from "./held-plans.ts";
import { purchaseMessages } from "./messages.ts";
import { firstBillingDate } from "./periods.ts";
import { priceSwitch } from "./price-switch.ts";
import { parseJson, storedResult, type PurchaseResult } from "./purchase-answer.ts";
import { readState, type PurchaseState } from "./purchase-state.ts";
import { recordPurchase, UseNotCounted } from "./record-purchase.ts";
import { rewardReferral } from "./referral-rewards/reward-referral.ts";

/**
 * What a refusal tells the caller besides its message (the envelope's extra fields):
 * `required` (the recomputed total) and `currentBalance` as micro-USDT strings, and the plans
 * active for the member.
 */
export type PurchaseRefusal = { required?: string; currentBalance?: string; activeSubscriptions: number[] };

export type PurchaseOptions = {
  db: Db;
  userId: string;
  /** Checked and converted once at the edge by `purchaseRequestSchema` (app/lib/validation/dashboard/purchase.ts). */
  planIds: readonly number[];
  billingPeriod: BillingPeriod;
  /** What the client showed and expects to pay, in micro-USDT. */
  totalAmount: bigint;
  /** Chosen by the client per checkout; a retry with the same key replays the stored answer. */
  idempotencyKey: string;
  now?: Date;
  /**
   * The lines were priced earlier and are still held (an order's prices, for 24 hours): charge
   * them as they are even if a plan's price changed since, instead of refusing. Their plans must
   * be `planIds`, in that order.
   */
  held?: PricedCart;
  /** The order this purchase completes: its billing row names it, so the statement shows one row for both. */
  orderId?: string;
  /** A coupon code typed for this checkout (a held cart brings its own). */
  couponCode?: string | null;
};

function refuse(code: "CONFLICT" | "PAYMENT_REQUIRED", message: string, answer: PurchaseRefusal): never {
  throw new AppError(code, message, { answer });
}

/**
 * The purchase inside a transaction the caller holds (an order's completion, which marks the
 * order paid in the same transaction). Refusals are thrown before anything is written, so the
 * caller may catch them and carry on with the transaction.
 */
export async function purchaseInTransaction({
  tx,
  countInWrite = false,
  ...options
}: Omit<PurchaseOptions, "db"> & {
  tx: Tx;
  /**
   * Check a code's use inside the write statement, on its plans' rows (coupon-gate.ts), without
   * locking the code's row; when the check answers nothing (a code changed since it was read),
   * UseNotCounted is thrown AFTER the writes (before them for a void use from memory). Only for a
   * transaction that then rolls back entirely (purchaseSubscriptions' own): an order's completion,
   * which carries on after a refusal, counts before writing.
   */
  countInWrite?: boolean;
  /** A typed code's guess limits (coupon-guesses.ts): spent, the code is refused with the wait. */
  guessKeys?: readonly string[];
  /** What lockAndRead read, when the caller sent it (with BEGIN); else it is read here. */
  state?: PurchaseState;
  /** The typed code as this process read it lately (coupon-cache.ts): only the member's uses of it are read. */
  cached?: CachedCoupon | null;
  /**
   * The transaction ends with this purchase (purchaseSubscriptions' own): its write statement may
   * take the COMMIT with it. Never for a caller that carries on in the transaction.
   */
  commitWith?: CommitWith;
  /**
   * With countInWrite: where a limited code's use is taken from (coupon-use-pool.ts), and told
   * each one taken (the caller gives it back when the transaction rolls back). A pool with none
   * left throws NeedUses before anything is written.
   */
  uses?: { pool: CouponUsePool; taken: (use: LeasedUse) => void };
}): Promise<PurchaseResult> {
  const { userId, planIds, billingPeriod: period, now = new Date() } = options;
  const code = options.held ? options.held.couponCode : options.couponCode;
  // A held cart was priced with its code already: it is read afresh, never from memory.
  const cached = options.held ? null : (options.cached ?? null);
  const state = options.state ?? (await readState({ tx, ...options, cached }));
  if (state.stored !== null && state.stored !== undefined) return storedResult(parseJson(state.stored));
  const couponRow = code ? readPurchaseCoupon(state.coupon, cached) : null;
  // A code read afresh is kept for the next purchases with it (only once it is known to exist).
  if (code && couponRow && !cached) keepCoupon(code, couponRow);
  // A typed code is refused before anything else is (as a cart showing it would have refused it).
  if (code && !options.held)
    refuseTypedCoupon({
      coupon: couponRow,
      guessWait: state.guess_wait === null || state.guess_wait === undefined ? null : Number(state.guess_wait),
      planIds,
      period,
      now,
    });
  const { held, reach, nested } = readHeldPlans({ held: state.held, chats: state.chats, planIds, now, cart: true });
  const active = [...new Set(held.map((sub) => sub.planId))].sort((a, b) => a - b);
  const found = parseJson<{ id: number; name: string; price: string }[]>(state.plans).map((plan) => ({
    ...plan,
    price: BigInt(plan.price),
  }));
  if (found.length !== planIds.length)
    refuse("CONFLICT", purchaseMessages.unavailable, { activeSubscriptions: active });
  const byId = new Map(found.map((plan) => [plan.id, plan]));
  const plans = planIds.map((id) => byId.get(id)!);
  // A code's refusals come before anything is written; its use is counted after every other check.
  const couponOptions = code
    ? { tx, code, userId, plans: listPlans(plans, period), billingPeriod: period, now, held: options.held }
    : null;
  const coupon = couponOptions ? priceCouponRow({ ...couponOptions, row: couponRow }) : null;
  // The plans it replaces are credited after the code's discount (price-switch.ts).
  const switched = priceSwitch({
    cart: coupon?.cart ?? options.held ?? priceCart(listLines(plans, period)),
    period,
    held,
    reach,
    heldCart: options.held,
    nested,
  });
  if ("refusal" in switched) refuse("CONFLICT", switched.refusal, { activeSubscriptions: active });
  const { cart, replaced } = switched;
  const total = cart.charged;

  if (!options.held && total !== options.totalAmount) {
    refuse("CONFLICT", purchaseMessages.pricesChanged, { required: total.toString(), activeSubscriptions: active });
  }
  const balance = BigInt(state.balance);
  if (balance < total) {
    refuse("PAYMENT_REQUIRED", purchaseMessages.insufficientBalance(total - balance), {
      required: total.toString(),
      currentBalance: balance.toString(),
      activeSubscriptions: active,
    });
  }

  // Counted last of the checks: the code's row stays locked from here to the commit.
  const counts = Boolean(couponOptions && coupon && cart.discount > 0n);
  const counted =
    counts && !countInWrite
      ? await countCouponUse({ ...couponOptions!, priced: coupon! })
      : counts
        ? coupon!.coupon
        : null;
  if (counted === "repriced")
    refuse("CONFLICT", purchaseMessages.pricesChanged, { required: total.toString(), activeSubscriptions: active });

  const ended = new Set(replaced.map((sub) => sub.planId));
  const stillActive = active.filter((id) => !ended.has(id));
  const answer = (newBalance: bigint): PurchaseResult => ({
    activeSubscriptions: [...new Set([...stillActive, ...planIds])].sort((a, b) => a - b),
    newBalance: newBalance.toString(),
    // What the member is told it paid for: the same total, plans and date the confirmation names.
    bought: {
      total: total.toString(),
      plans: cart.lines.map((line) => line.name),
      period,
      activeUntil: firstBillingDate(now, period)?.toISOString().slice(0, 10) ?? null,
    },
  });
  // A limited code's use comes from this process's memory: good while its block's generation is
  // the code's as read (a new spread voids the blocks taken before it).
  if (counted && countInWrite && counted.limited) {
    const leased = options.uses?.pool.take(counted.id) ?? null;
    if (!leased) throw new NeedUses(counted.id);
    options.uses!.taken(leased);
    if (leased.generation !== couponRow!.useGeneration) throw new UseNotCounted();
  }
  const billId = crypto.randomUUID();
  const applied = counted ?? coupon?.coupon ?? null;
  const newBalance = await recordPurchase({
    tx,
    // A referral's reward is written after the purchase, in the same transaction: the commit waits for it.
    commitWith: state.referred ? undefined : options.commitWith,
    order: {
      userId,
      period,
      cart,
      now,
      balance,
      idempotencyKey: options.idempotencyKey,
      answer,
      orderId: options.orderId,
      billId,
      renewalCoupon: applied ? renewalRule(applied) : null,
      replaced: replaced.map((sub) => ({ subscriptionId: sub.subscriptionId, samePlan: sub.planId === sub.byPlanId })),
      couponUse: counted ? counted.id : null,
      // Priced with the code as read (by this purchase, or kept by its process): its write checks
      // the plan rows still carry the versions read with it, and locks them to the commit.
      countUse: counted && countInWrite ? planVersionsCheck({ planIds, read: couponRow!.planVersions }) : null,
    },
  });
  // A referred member's first paid purchase credits whoever referred them, in this transaction.
  // lockAndRead saw whether a referral still waits for its payment: most members have none, and
  // asking again under the referral's lock would cost every purchase a round trip.
  if (state.referred) await rewardReferral({ tx, userId, billingId: billId, charged: cart.charged, now });
  return answer(newBalance);
}

/** Each plan at its list price for the period. */
function listPlans(plans: { id: number; name: string; price: bigint }[], period: BillingPeriod) {
  return plans.map((plan) => ({ planId: plan.id, name: plan.name, listPrice: priceFor(plan.price, period) }));
}

/** Each plan at its list price for the period, nothing taken off. */
function listLines(plans: { id: number; name: string; price: bigint }[], period: BillingPeriod): PricedLine[] {
  return listPlans(plans, period).map((plan) => priceLine(plan));
}
