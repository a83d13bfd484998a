import { sql, type SQL } from "drizzle-orm";
import { termsToWire, type CouponTermsWire } from "~/lib/billing/coupons";
import type { BillingPeriod } from "~/lib/pricing";
import type { DbOrTx } from "../db/client.ts";
import { spentRateLimitWait } from "../security/rate-limit.ts";
import { codeRefusal } from "./code-refusal.ts";
import {
  countRefusedGuess,
  COUPON_GUESS_LIMIT,
  COUPON_GUESS_WINDOW_SECONDS,
  couponGuessKeys,
  guessLimitError,
  refusedGuess,
} from "./coupon-guesses.ts";
import { termsOf } from "./coupon-rules.ts";
import { findCoupon } from "./find-coupon.ts";

export { COUPON_GUESS_LIMIT, COUPON_GUESS_WINDOW_SECONDS };

/**
 * A code a person typed, checked for a cart before anything is priced or paid: its terms for the
 * cart to show, or its refusal (unknown, not valid yet, expired, paused, used up, not for these
 * plans or this period; with a member: used already by them, for new members only).
 *
 * Guessing is limited per account and per address: only refused codes count, so a member who
 * types a good code as often as they like is never held up; once either counter is spent every
 * code is refused with the wait, a good one too, so a lucky guess past the limit tells nothing.
 * The counters are written outside any purchase's transaction, so a refusal's count is never
 * rolled back with it.
 */
export async function checkCouponCode(options: {
  db: DbOrTx;
  code: string;
  planIds: readonly number[];
  billingPeriod: BillingPeriod;
  /** The member, when signed in: their own limit and their history count too. */
  userId?: string | null;
  clientIp?: string | null;
  now?: Date;
}): Promise<CouponTermsWire> {
  const { db, userId } = options;
  const now = options.now ?? new Date();
  const keys = couponGuessKeys({ userId, clientIp: options.clientIp });
  // The code, the member's own uses of it and whether a guess limit is spent: one statement. An
  // unknown code has no row to read them with, so its refusal reads the limits on their own.
  const guessWait = spentRateLimitWait({ keys, limit: COUPON_GUESS_LIMIT });
  const coupon = await findCoupon({ db, code: options.code, userId, extra: guessWait });
  const wait = coupon ? coupon.extra : await readWait({ db, guessWait });
  if (wait !== null) throw guessLimitError(wait);
  const refusal = codeRefusal(coupon, { planIds: options.planIds, period: options.billingPeriod, now });
  if (refusal) {
    const error = refusedGuess(refusal);
    await countRefusedGuess({ db, error, keys });
    throw error;
  }
  return termsToWire(termsOf(coupon!));
}

/** The guess limits' wait (spentRateLimitWait) read in a statement of its own, for a code with no row. */
async function readWait({ db, guessWait }: { db: DbOrTx; guessWait: SQL<number | null> }): Promise<number | null> {
  const result = await db.execute<{ wait: number | null }>(sql`select ${guessWait} as wait`);
  const wait = result.rows[0]?.wait;
  return wait === null || wait === undefined ? null : Number(wait);
}
