import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { normalizeCouponCode } from "~/lib/billing/coupons";
import type { DbOrTx } from "../db/client.ts";
import { coupons } from "../db/schema.ts";
import { couponPurchaseUses } from "./coupon-purchase-uses.ts";
import type { CouponRow } from "./coupon-rules.ts";

/**
 * Everything a checkout is priced and refused by, as one text (the use count aside: the counting
 * update checks the limit itself). An order's completion, which read the row unlocked, counts its
 * use only while this text is still the one it read, so an edit by staff in between is noticed
 * (price-with-coupon.ts countUseStatement).
 */
export const couponTerms = sql<string>`row(${coupons.kind}, ${coupons.percentOff}, ${coupons.amountOff}, ${coupons.planIds},
  ${coupons.periods}, ${coupons.duration}, ${coupons.durationRenewals}, ${coupons.perMemberLimit}, ${coupons.validFrom},
  ${coupons.validUntil}, ${coupons.newMembersOnly}, ${coupons.paused})::text`;

/**
 * The purchases counted against a code's limit, as far as its refusal ("used up") needs them,
 * correlated by the table's name. A code without a limit: its `redemption_count`, read for nothing
 * (its uses are never counted to refuse it, and counting its billing rows would cost every cart's
 * check of a popular code a scan of them all). A limited code: what its slots have counted since its
 * last spread, when that is below the limit; the slots count a use when a process takes it in a block
 * (coupon-use-pool.ts), before it is bought, so they never count fewer than the actual uses, and
 * below the limit the code is surely not used up. Only at the limit are its actual uses counted
 * (coupon-purchase-uses.ts), no more of them than the limit: uses taken in blocks and not handed out
 * must not make a cart say "used up" while uses remain.
 */
export const couponUsesCounted = sql<number>`(case when "coupons"."max_redemptions" is null then "coupons"."redemption_count"
  else (select case when "coupons"."redemption_count" + coalesce(sum(counted.uses), 0) < "coupons"."max_redemptions"
                    then ("coupons"."redemption_count" + coalesce(sum(counted.uses), 0))::int
                    else ${couponPurchaseUses({ couponId: sql`"coupons"."id"`, atMost: sql`"coupons"."max_redemptions"` })} end
          from coupon_use_slots counted where counted.coupon_id = "coupons"."id") end)`;

/**
 * What a member's own history says about a code: their purchases with it, and whether they ever
 * had a plan. A free trial not (yet) paid for is not having had one: a member trying the service
 * is still new, and a welcome code is what turns the trial into a first payment.
 */
export type MemberUses = { uses: number; hadPlan: boolean };

/**
 * MemberUses as the pairs of a json_build_object: the member's purchases with the code, and
 * whether they ever had a plan, asked only of a code for new members (member-refusal.ts reads it
 * only then). `couponId`: the code's, as a column or a parameter. `newMembersOnly`: the code's
 * column, where `and` stops at a false first operand at run time; or, for a code known from
 * memory, `true`, or `false` to leave the subscriptions out of the statement altogether (a plan
 * locks every index it names when it starts, even one under an `and` that never runs).
 */
export function memberUsesPairs(options: { userId: string; couponId: SQL; newMembersOnly: SQL | false }): SQL {
  const { userId } = options;
  const uses = sql`'uses', ${couponPurchaseUses({ couponId: options.couponId, userId })}`;
  if (options.newMembersOnly === false) return sql`${uses}, 'hadPlan', false`;
  return sql`${uses},
      'hadPlan', ${options.newMembersOnly} and exists (select 1 from subscriptions s
                where s.user_id = ${userId} and (s.trial_ends_at is null or s.trial_converted_at is not null))`;
}

/**
 * The coupon with this code, whatever case it was typed in (the unique index is on upper(code)),
 * or null, with its `terms` (couponTerms) and, as `redemptionCount`, every use counted against
 * its limit (couponUsesCounted). `lock`: the row is locked for the caller's transaction,
 * so the uses counted against its limits are counted one purchase at a time.
 *
 * `userId`: the member's own uses of the code and whether they had a plan before (member-refusal.ts)
 * come in the same statement: a checkout with a code reads it in one round trip, not two.
 */
export async function findCoupon(options: {
  db: DbOrTx;
  code: string;
  lock?: boolean;
  userId?: string | null;
  /** A column read in the same statement (a guess limit's wait, check-coupon-code.ts): `extra` on the answer. */
  extra?: SQL<number | null>;
}): Promise<(CouponRow & { terms: string; member: MemberUses | null; extra: number | null }) | null> {
  const { userId } = options;
  // Correlated by the table's name: a one-table select writes its own columns unqualified.
  const member = userId
    ? sql<MemberUses>`json_build_object(${memberUsesPairs({ userId, couponId: sql`"coupons"."id"`, newMembersOnly: sql`"coupons"."new_members_only"` })})`
    : sql<null>`null::json`;
  const query = options.db
    .select({
      ...getTableColumns(coupons),
      redemptionCount: couponUsesCounted,
      terms: couponTerms,
      member,
      extra: options.extra ?? sql<null>`null::int`,
    })
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${normalizeCouponCode(options.code)}`);
  const [row] = options.lock ? await query.for("update", { of: coupons }) : await query;
  if (!row) return null;
  return { ...row, member: parseMember(row.member), extra: row.extra === null ? null : Number(row.extra) };
}

/** A json column as the driver hands it: parsed already (node-postgres, PGlite) or as text. */
function parseMember(value: unknown): MemberUses | null {
  if (value === null || value === undefined) return null;
  const parsed = (typeof value === "string" ? JSON.parse(value) : value) as { uses: number; hadPlan: boolean };
  return { uses: Number(parsed.uses), hadPlan: Boolean(parsed.hadPlan) };
}
