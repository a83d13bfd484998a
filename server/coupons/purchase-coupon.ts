import { sql, type SQL } from "drizzle-orm";
import { normalizeCouponCode } from "~/lib/billing/coupons";
import type { BillingPeriod } from "~/lib/pricing";
import { spentRateLimitWait } from "../security/rate-limit.ts";
import { codeRefusal } from "./code-refusal.ts";
import type { CachedCoupon } from "./coupon-cache.ts";
import { planVersions } from "./coupon-gate.ts";
import { COUPON_GUESS_LIMIT, guessLimitError, refusedGuess } from "./coupon-guesses.ts";
import { couponTerms, memberUsesPairs, type MemberUses } from "./find-coupon.ts";

/**
 * The code as a purchase read it with its profile's lock: its row, terms (couponTerms), use
 * generation, the plan rows' versions read with it (coupon-gate.ts) and the member's own uses.
 */
export type PurchaseCoupon = CachedCoupon & { member: MemberUses };

/**
 * Two columns of the purchase's first statement (purchase-state.ts), so a checkout with a code
 * costs no round trip more than one without: `coupon`, the code's row with its terms and the
 * member's own uses of it (as findCoupon reads them), null when no code has that text; and
 * `guess_wait`, the longest wait of the spent guess limits of `guessKeys` (none: null).
 * `cached`: the code as this process read it lately (coupon-cache.ts); then only what it says
 * about this member is read, not the code's row (a popular code's purchases read it for nothing).
 * The text is the same for any code and any number of keys (execute-kept.ts): one for a code
 * read, one for a code cached. Its uses are those counted when its slots were last spread (never
 * more than its actual uses): the purchase refuses "used up" from them only when it surely is, and
 * otherwise the use it takes decides (coupon-use-pool.ts), without counting the code's purchases.
 */
export function purchaseCouponColumns(options: {
  code: string;
  userId: string;
  guessKeys: readonly string[];
  cached?: CachedCoupon | null;
}): SQL {
  const { userId, cached } = options;
  const wait = spentRateLimitWait({ keys: options.guessKeys, limit: COUPON_GUESS_LIMIT });
  const member = (couponId: SQL, newMembersOnly: SQL | false) => memberUsesPairs({ userId, couponId, newMembersOnly });
  if (cached)
    return sql`json_build_object(${member(sql`${cached.id}::int`, cached.newMembersOnly ? sql`true` : false)}) as coupon,
    ${wait} as guess_wait`;
  return sql`(select json_build_object(
      'id', id, 'code', code, 'kind', kind, 'percentOff', percent_off, 'amountOff', amount_off::text,
      'planIds', plan_ids, 'periods', periods, 'duration', duration, 'durationRenewals', duration_renewals,
      'maxRedemptions', max_redemptions, 'perMemberLimit', per_member_limit, 'validFrom', valid_from,
      'validUntil', valid_until, 'newMembersOnly', new_members_only, 'paused', paused,
      'redemptionCount', redemption_count, 'note', note, 'createdAt', created_at, 'updatedAt', updated_at,
      'terms', ${couponTerms}, 'useGeneration', use_generation, 'planVersions', ${planVersions},
      ${member(sql`"coupons"."id"`, sql`new_members_only`)})
    from coupons where upper(coupons.code) = ${normalizeCouponCode(options.code)}) as coupon,
    ${wait} as guess_wait`;
}

type CouponJson = Omit<
  PurchaseCoupon,
  "amountOff" | "validFrom" | "validUntil" | "createdAt" | "updatedAt" | "member"
> & {
  amountOff: string | null;
  validFrom: string | null;
  validUntil: string | null;
  createdAt: string;
  updatedAt: string;
  uses: number;
  hadPlan: boolean;
};

/**
 * The `coupon` column as the driver hands it (json: parsed already, or text), or null. With
 * `cached` (the column then holds the member's uses only), the cached code with them.
 */
export function readPurchaseCoupon(value: unknown, cached?: CachedCoupon | null): PurchaseCoupon | null {
  if (value === null || value === undefined) return null;
  const parsed = (typeof value === "string" ? JSON.parse(value) : value) as CouponJson;
  const member = { uses: Number(parsed.uses), hadPlan: Boolean(parsed.hadPlan) };
  if (cached) return { ...cached, member };
  const { uses: _uses, hadPlan: _hadPlan, ...row } = parsed;
  const date = (text: string | null) => (text === null ? null : new Date(text));
  return {
    ...row,
    amountOff: row.amountOff === null ? null : BigInt(row.amountOff),
    validFrom: date(row.validFrom),
    validUntil: date(row.validUntil),
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    member,
  };
}

/**
 * A typed code's checks inside the purchase, as checkCouponCode makes them before a cart shows the
 * code: a spent guess limit refuses every code with its wait; otherwise a code that cannot be used
 * here is refused with a refusedGuess, which the purchase counts once its transaction has rolled
 * back (coupon-guesses.ts). Throws; returns nothing when the code may be priced.
 */
export function refuseTypedCoupon(options: {
  coupon: PurchaseCoupon | null;
  guessWait: number | null;
  planIds: readonly number[];
  period: BillingPeriod;
  now: Date;
}): void {
  const { coupon } = options;
  if (options.guessWait !== null) throw guessLimitError(options.guessWait);
  const refusal = codeRefusal(coupon, { planIds: options.planIds, period: options.period, now: options.now });
  if (refusal) throw refusedGuess(refusal);
}
