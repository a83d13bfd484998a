import { cachedCoupon, forgetCoupon, type CachedCoupon } from "../coupons/coupon-cache.ts";
import { countRefusedGuess, couponGuessKeys } from "../coupons/coupon-guesses.ts";
import { couponUsePool, NeedUses, type CouponUsePool, type LeasedUse } from "../coupons/coupon-use-pool.ts";
import { pgError, StaleReadError, withRetry } from "../db/db-errors.ts";
import { runTransactionReadingFirst } from "../db/run-transaction-reading-first.ts";
import { isAppError } from "../lib/errors.ts";
import type { PurchaseResult } from "./purchase-answer.ts";
import { purchaseInTransaction, type PurchaseOptions, type PurchaseRefusal } from "./purchase-in-transaction.ts";
import { readState } from "./purchase-state.ts";
import { PAYMENT_TYPE_BALANCE, UseNotCounted } from "./record-purchase.ts";

export { PAYMENT_TYPE_BALANCE };
export type { PurchaseOptions, PurchaseRefusal, PurchaseResult };

/**
 * Buys one or more plans from the member's USDT balance, all in ONE transaction
 * (a balance only changes with its ledger row):
 *  1. lock the member's profile row — every purchase of one member runs one after another, so
 *     the balance and active-plan checks below cannot race (50 concurrent clicks charge once);
 *  2. replay the stored answer when this idempotency key already succeeded;
 *  3. load the published plans, price each one (its list price from the one pricing module, less
 *     what is taken off it) and compare what that charges with the client's total; a typed code
 *     is read here too, with the member's own uses of it and their guess limits, and refused
 *     before anything else (purchase-coupon.ts); a code this process read lately is not read
 *     again, only the member's uses of it (coupon-cache.ts);
 *  4. refuse plans already active or included in an active plan, and a short balance; a plan that
 *     replaces active ones (an upgrade, a longer period) is credited their unused part; a limited
 *     code's use from memory is good only while its block's generation is the code's as read;
 *  5. write the subscriptions, one billing row (the code's use), the notification, the idempotency
 *     record and the ledger debit, and last check the code (one statement: record-purchase.ts): its
 *     plans' rows, locked for share to the commit (the code's gate: coupon-gate.ts), still carry
 *     the versions read with the code, which any change of a code raises. When they do not,
 *     everything rolls back and the purchase runs again counting before it writes, which refuses
 *     or re-prices.
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
  options: PurchaseOptions & {
    clientIp?: string | null;
    /** Where a limited code's uses are kept (coupon-use-pool.ts): this process's, or a test's second "process". */
    usePool?: CouponUsePool;
  },
): Promise<PurchaseResult> {
  // A typed code is checked inside the transaction, with the member's state (purchase-coupon.ts).
  // Its refusal rolls the transaction back, and only then is it counted as a guess, so the count
  // is not undone with the purchase.
  const guessKeys = options.couponCode ? couponGuessKeys({ userId: options.userId, clientIp: options.clientIp }) : [];
  const code = options.held ? null : (options.couponCode ?? null);
  const pool = options.usePool ?? couponUsePool;
  const run = (countInWrite: boolean, cached: CachedCoupon | null) =>
    withRetry(async () => {
      // A limited code's use taken from memory goes back when the transaction surely rolled back.
      const taken: LeasedUse[] = [];
      try {
        // The lock and the reads leave with BEGIN: one round trip fewer.
        return await runTransactionReadingFirst({
          db: options.db,
          read: (tx) => readState({ tx, ...options, guessKeys, cached }),
          rest: (tx, state, commitWith) =>
            purchaseInTransaction({
              tx,
              ...options,
              countInWrite,
              guessKeys,
              state,
              commitWith,
              cached,
              uses: { pool, taken: (use) => taken.push(use) },
            }),
        });
      } catch (error) {
        // Its generation may be void (the code saved, its slots spread again): what is kept of it is dropped.
        if (error instanceof UseNotCounted) taken.forEach((use) => pool.drop(use.couponId));
        else if (rolledBack(error)) taken.forEach((use) => pool.giveBack(use));
        throw error;
      }
    });
  // `cached`: the code as this process read it lately, if it did (coupon-cache.ts); the purchase
  // uses it only while it is still so (its plans' versions say).
  const settle = async (cached: CachedCoupon | null, refills = 0): Promise<PurchaseResult> => {
    try {
      return await run(true, cached);
    } catch (error) {
      // No use of the limited code kept in memory: a block is taken in a transaction of its own and
      // the purchase runs again; when none can be had (or others keep taking them first) it counts
      // under the code's lock, which refuses a code used up.
      if (error instanceof NeedUses) {
        if (refills < 3 && (await pool.refill({ db: options.db, couponId: error.couponId })))
          return settle(cached, refills + 1);
        return run(false, null);
      }
      // The code changed since it was read, or the use from memory is of a void block: nothing was
      // written, and this run counts before it writes, pricing again under the code's lock to
      // answer the refusal (or "prices changed") with nothing written. A refusal then is of a code
      // that was good when typed: no guess.
      if (error instanceof UseNotCounted) {
        if (code) forgetCoupon(code);
        return run(false, null);
      }
      // A refusal is not answered from memory: everything rolled back, the purchase runs again on
      // the code as it is now, and answers that.
      if (cached && isAppError(error)) {
        forgetCoupon(code!);
        return settle(null, refills);
      }
      throw error;
    }
  };
  try {
    const cached = code ? cachedCoupon(code) : null;
    // A limited code this process knows, with no use of it kept in memory: a block is taken before
    // the purchase starts, not after its transaction found none (which would run it twice).
    if (cached && cached.maxRedemptions !== null && pool.held(cached.id) === 0)
      await pool.refill({ db: options.db, couponId: cached.id });
    return await settle(cached);
  } catch (error) {
    await countRefusedGuess({ db: options.db, error, keys: guessKeys });
    throw error;
  }
}

/**
 * The error says the transaction rolled back, surely: a refusal or NeedUses (thrown before the
 * write), or one the database answered with (its statement, or the COMMIT, failed). Another (the
 * connection lost) may have come after a COMMIT that went through: its use is not given back.
 */
function rolledBack(error: unknown): boolean {
  return (
    isAppError(error) ||
    error instanceof NeedUses ||
    error instanceof StaleReadError ||
    pgError(error).code !== undefined
  );
}
