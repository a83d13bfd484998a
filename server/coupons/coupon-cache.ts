import { normalizeCouponCode } from "~/lib/billing/coupons";
import type { PlanVersions } from "./coupon-gate.ts";
import type { CouponRow } from "./coupon-rules.ts";

/**
 * A code as a purchase last read it (its terms as couponTerms writes them), without what it says
 * about one member, with its use generation and the plan rows' versions read with it (coupon-gate.ts).
 */
export type CachedCoupon = CouponRow & { terms: string; useGeneration: number; planVersions: PlanVersions };

/**
 * How long a code read by a purchase is reused by this process's next purchases with it. Never
 * what decides a purchase: it uses the code only while the plan rows it locks carry the versions
 * read with the code, which any change of any code raises (coupon-gate.ts), and a limited code's
 * use only from a block of its present generation; anything a staff edit changed since then makes
 * the purchase run again on a fresh read. A refusal is never answered from here either
 * (purchase-subscriptions.ts reads afresh before refusing). So the age only bounds how long a
 * code no purchase uses keeps its memory, and how many purchases meet an edit made in another
 * process before this one reads the code again (the first one that does).
 */
const KEEP_MS = 60_000;
/** Codes kept at most; past it the cache starts again (a site has a handful of popular codes). */
const KEEP_MAX = 1000;

const kept = new Map<string, { coupon: CachedCoupon; until: number }>();

/** The code (as typed, any case) as a purchase of this process read it within KEEP_MS, or null. */
export function cachedCoupon(code: string, now = Date.now()): CachedCoupon | null {
  const key = normalizeCouponCode(code);
  const entry = kept.get(key);
  if (!entry) return null;
  if (entry.until > now) return entry.coupon;
  kept.delete(key);
  return null;
}

/** Keeps the code as a purchase just read it (its member's uses left out). */
export function keepCoupon(code: string, coupon: CachedCoupon & { member?: unknown }, now = Date.now()): void {
  if (kept.size >= KEEP_MAX) kept.clear();
  const { member: _member, ...row } = coupon;
  kept.set(normalizeCouponCode(code), { coupon: row, until: now + KEEP_MS });
}

/** Drops the code: what this process read of it is out of date, or may be. */
export function forgetCoupon(code: string): void {
  kept.delete(normalizeCouponCode(code));
}
