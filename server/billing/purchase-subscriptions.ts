import crypto from "node:crypto";
import { priceCart, priceLine, type PricedCart, type PricedLine } from "~/lib/priced-lines";
import { priceFor, type BillingPeriod } from "~/lib/pricing";
import { countRefusedGuess, couponGuessKeys } from "../coupons/coupon-guesses.ts";
import {
  countCouponUse,
  countUseStatement,
  pickSlotStart,
  priceCouponRow,
  redemptionRow,
  renewalRule,
} from "../coupons/price-with-coupon.ts";
import { purchaseCouponColumns, readPurchaseCoupon, refuseTypedCoupon } from "../coupons/purchase-coupon.ts";
import type { Db, Tx } from "../db/client.ts";
import { withRetry } from "../db/db-errors.ts";
import { runTransactionReadingFirst, type CommitWith } from "../db/run-transaction-reading-first.ts";
import { AppError } from "../lib/errors.ts";
import { readHeldPlans } from "./held-plans.ts";
import { purchaseMessages } from "./messages.ts";
import { firstBillingDate } from "./periods.ts";
import { priceSwitch } from "./price-switch.ts";
import { parseJson, storedResult, type PurchaseResult } from "./purchase-answer.ts";
import { lockAndRead, type PurchaseState } from "./purchase-state.ts";
import { PAYMENT_TYPE_BALANCE, recordPurchase, UseNotCounted } from "./record-purchase.ts";
import { rewardReferral } from "./reward-referral.ts";

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

export { PAYMENT_TYPE_BALANCE };
export type { PurchaseResult };

/**
 * Buys one or more plans from the member's USDT balance, all in ONE transaction
 * (a balance only changes with its ledger row):
 *  1. lock the member's profile row — every purchase of one member runs one after another, so
 *     the balance and active-plan checks below cannot race (50 concurrent clicks charge once);
 *  2. replay the stored answer when this idempotency key already succeeded;
 *  3. load the published plans, price each one (its list price from the one pricing module, less
 *     what is taken off it) and compare what that charges with the client's total; a typed code
 *     is read here too, with the member's own uses of it and their guess limits, and refused
 *     before anything else (purchase-coupon.ts);
 *  4. refuse plans already active or included in an active plan, and a short balance; a plan that
 *     replaces active ones (an upgrade, a longer period) is credited their unused part;
 *  5. write the subscriptions, one billing row, the notification, the idempotency record, the
 *     code's use and the ledger debit, and last count the code's use (one statement:
 *     record-purchase.ts), so the code's row, locked by the count, is held only to the commit.
 *     When the count finds the code changed or used up since step 3, everything rolls back and
 *     the purchase runs again counting before it writes, which refuses or re-prices.
 * Steps 1 to 3 are one statement (lockAndRead), sent with BEGIN, step 5 one more, sent with
 * COMMIT (its checks are made by the statement itself: record-purchase.ts): two round trips in
 * all, with a code or without, when no other transaction of the member's held the lock meanwhile
 * (a referral waiting for its payment adds its reward, and COMMIT its own round trip). A refused code adds, after
 * the rollback, one write per guess limit (the account's, the address's): the guess counted.
 *
 * Refusals are thrown as AppErrors carrying `answer: PurchaseRefusal`: unavailable plans and
 * already subscribed → CONFLICT (409), prices changed → CONFLICT, insufficient balance →
 * PAYMENT_REQUIRED (402). The transaction rolls back (they wrote nothing anyway) and nothing is
 * stored under the idempotency key, so the same checkout succeeds when retried after a deposit.
 * Only successes are stored, so a retried success never charges twice.
 *
 * A lost race that the database reports as a unique violation (a subscription or idempotency
 * row written meanwhile by a path that does not take the profile lock) reruns the whole
 * transaction, which then answers from the committed state instead of failing with a 500.
 */
export async function purchaseSubscriptions(
  options: PurchaseOptions & { clientIp?: string | null },
): Promise<PurchaseResult> {
  // A typed code is checked inside the transaction, with the member's state (purchase-coupon.ts).
  // Its refusal rolls the transaction back, and only then is it counted as a guess, so the count
  // is not undone with the purchase.
  const guessKeys = options.couponCode ? couponGuessKeys({ userId: options.userId, clientIp: options.clientIp }) : [];
  const run = (countInWrite: boolean) =>
    withRetry(() =>
      // The lock and the reads leave with BEGIN: one round trip fewer.
      runTransactionReadingFirst({
        db: options.db,
        read: (tx) => readState(tx, { ...options, guessKeys }),
        rest: (tx, state, commitWith) =>
          purchaseInTransaction({ tx, ...options, countInWrite, guessKeys, state, commitWith }),
      }),
    );
  try {
    return await run(true);
  } catch (error) {
    // The code changed or was used up between its reading and the write statement's count: the
    // transaction rolled back, and this one counts before it writes, pricing again under the
    // code's lock to answer the refusal (or "prices changed") with nothing written. A refusal
    // then is of a code that was good when typed: no guess.
    if (error instanceof UseNotCounted) return run(false);
    await countRefusedGuess({ db: options.db, error, keys: guessKeys });
    throw error;
  }
}

/** The member's profile row locked, and what the purchase decides on read (purchase-state.ts). */
function readState(
  tx: Tx,
  options: Pick<PurchaseOptions, "userId" | "idempotencyKey" | "planIds" | "held" | "couponCode"> & {
    guessKeys?: readonly string[];
  },
) {
  // The code is read with the member's state, in the same statement (a held cart brings its own).
  const code = options.held ? options.held.couponCode : options.couponCode;
  return lockAndRead({
    tx,
    userId: options.userId,
    idempotencyKey: options.idempotencyKey,
    planIds: options.planIds,
    couponColumns: code
      ? purchaseCouponColumns({
          code,
          userId: options.userId,
          guessKeys: options.held ? [] : (options.guessKeys ?? []),
        })
      : null,
  });
}

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
   * Count a code's use inside the write statement, its row locked for that statement's end and the
   * commit only; when it counts nothing, UseNotCounted is thrown AFTER the writes. Only for a
   * transaction that then rolls back entirely (purchaseSubscriptions' own): an order's completion,
   * which carries on after a refusal, counts before writing.
   */
  countInWrite?: boolean;
  /** A typed code's guess limits (coupon-guesses.ts): spent, the code is refused with the wait. */
  guessKeys?: readonly string[];
  /** What lockAndRead read, when the caller sent it (with BEGIN); else it is read here. */
  state?: PurchaseState;
  /**
   * The transaction ends with this purchase (purchaseSubscriptions' own): its write statement may
   * take the COMMIT with it. Never for a caller that carries on in the transaction.
   */
  commitWith?: CommitWith;
}): Promise<PurchaseResult> {
  const { userId, planIds, billingPeriod: period, now = new Date() } = options;
  const code = options.held ? options.held.couponCode : options.couponCode;
  const state = options.state ?? (await readState(tx, options));
  if (state.stored !== null && state.stored !== undefined) return storedResult(parseJson(state.stored));
  const couponRow = code ? readPurchaseCoupon(state.coupon) : null;
  // A typed code is refused before anything else is (as a cart showing it would have refused it).
  if (code && !options.held)
    refuseTypedCoupon({
      coupon: couponRow,
      guessWait: state.guess_wait === null || state.guess_wait === undefined ? null : Number(state.guess_wait),
      planIds,
      period,
      now,
    });
  const { held, reach } = readHeldPlans({ held: state.held, chats: state.chats, planIds, now });
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
      redemption: counted
        ? redemptionRow({ coupon: counted, userId, cart, billingId: billId, orderId: options.orderId, now })
        : null,
      countUse: counted && countInWrite ? countUseStatement(counted, pickSlotStart()) : null,
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
