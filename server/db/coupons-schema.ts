import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, micro, updatedAt } from "./columns.ts";
import { billingPeriod } from "./enums.ts";

export const couponKind = pgEnum("coupon_kind", ["percent", "fixed"]);
export const couponDuration = pgEnum("coupon_duration", ["once", "forever", "repeating"]);
/**
 * What a billing row that is a code's use was: a purchase (counted against the code's limits) or a
 * renewal the code's rule discounted (listed with the code's uses, not counted).
 */
export const couponUseKind = pgEnum("coupon_use_kind", ["purchase", "renewal"]);

/**
 * A coupon code staff made. The code is unique whatever its case (stored in capitals, the index
 * on upper() holds rows written by hand too). `redemptionCount` is its purchases (billing rows whose coupon_use is 'purchase')
 * when its form was last saved (or its slots last ran dry); a code with a limit (`maxRedemptions`)
 * counts later ones on its slots (coupon_use_slots), taken there in blocks by each process
 * (coupon-use-pool.ts); a code without that limit keeps no count (its uses are its purchases' billing rows).
 */
export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    kind: couponKind("kind").notNull(),
    percentOff: integer("percent_off"),
    amountOff: micro("amount_off"),
    /** The plans it applies to; null: every plan. */
    planIds: integer("plan_ids").array(),
    /** The periods it applies to; null: every period. */
    periods: billingPeriod("periods").array(),
    duration: couponDuration("duration").notNull().default("once"),
    /** For `repeating`: how many renewals after the first period are discounted too. */
    durationRenewals: integer("duration_renewals"),
    /** Purchases it may be used for in all; null: no limit. */
    maxRedemptions: integer("max_redemptions"),
    /** Purchases one member may use it for. */
    perMemberLimit: integer("per_member_limit").notNull().default(1),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    newMembersOnly: boolean("new_members_only").notNull().default(false),
    paused: boolean("paused").notNull().default(false),
    redemptionCount: integer("redemption_count").notNull().default(0),
    /**
     * Raised whenever its slots are spread again (spread-coupon-uses.ts): a block of uses a process
     * took from them before (coupon-use-pool.ts) is void, and a purchase holding one runs again.
     */
    useGeneration: integer("use_generation").notNull().default(0),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("coupons_code_unique").on(sql`upper(${t.code})`),
    check(
      "coupons_amount_shape",
      sql`(${t.kind} = 'percent' AND ${t.percentOff} BETWEEN 1 AND 100 AND ${t.amountOff} IS NULL)
          OR (${t.kind} = 'fixed' AND ${t.amountOff} > 0 AND ${t.percentOff} IS NULL)`,
    ),
    check(
      "coupons_duration_shape",
      sql`(${t.duration} = 'repeating') = (${t.durationRenewals} IS NOT NULL AND ${t.durationRenewals} > 0)`,
    ),
    check(
      "coupons_limits",
      sql`(${t.maxRedemptions} IS NULL OR ${t.maxRedemptions} > 0) AND ${t.perMemberLimit} > 0
          AND ${t.redemptionCount} >= 0 AND (${t.maxRedemptions} IS NULL OR ${t.redemptionCount} <= ${t.maxRedemptions})`,
    ),
    check("coupons_window", sql`${t.validFrom} IS NULL OR ${t.validUntil} IS NULL OR ${t.validFrom} < ${t.validUntil}`),
  ],
);

/**
 * A code's remaining purchases with a limit, split across a few rows so that processes taking
 * blocks of its uses (lease-coupon-uses.ts), and purchases counting under the code's lock, take
 * them from different rows. `uses` never passes `quota`, and the quotas add up to the limit less the
 * code's `redemption_count` when they were spread, so the limit holds. Spread again from the code's
 * purchase uses whenever its form is saved or they run dry (spread-coupon-uses.ts); a code without
 * a limit has none. `redemption_count` plus the slots' `uses` is every use taken, including those a
 * process holds unused: at least the code's actual uses, never more than its limit.
 */
export const couponUseSlots = pgTable(
  "coupon_use_slots",
  {
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    slot: integer("slot").notNull(),
    quota: integer("quota").notNull(),
    uses: integer("uses").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.couponId, t.slot] }),
    check("coupon_use_slots_uses", sql`${t.uses} >= 0 AND ${t.uses} <= ${t.quota}`),
  ],
);
