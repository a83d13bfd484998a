// Referrals: each member's link code, the visits that came through a link, who referred whom
// (with the reward the first payment earned), and the owner's reward rule. Re-exported from
// schema.ts.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema.ts";
import { createdAt, micro } from "./columns.ts";

/** A member's referral code, made the first time their link is shown. */
export const referralCodes = pgTable("referral_codes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * One arrival through a link: the visitor's cookie holds only this row's random id, so what the
 * server attributes (who referred, since when) is never a value the browser wrote.
 */
export const referralVisits = pgTable(
  "referral_visits",
  {
    id: text("id").primaryKey(),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("referral_visits_referrer_idx").on(t.referrerId, t.createdAt),
    index("referral_visits_created_idx").on(t.createdAt),
  ],
);

export const REFERRAL_REFUSALS = ["self", "telegram", "email"] as const;

/**
 * A member who signed up through another's link. `refusal` says why it earns nothing (the same
 * person: the same account, Telegram account or email). The first paid payment decides the reward
 * once: `billingId` names it, `reward` is what the referrer was credited (null: the rule was off).
 * `refunded` is how much of that payment refunds have taken back, `reversed` how much of the
 * reward was taken back with them.
 */
export const referrals = pgTable(
  "referrals",
  {
    referredId: text("referred_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    visitedAt: timestamp("visited_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    refusal: text("refusal", { enum: REFERRAL_REFUSALS }),
    billingId: uuid("billing_id"),
    paymentAmount: micro("payment_amount"),
    reward: micro("reward"),
    /** The rule that priced the reward, as the owner set it ("10%", "5 USDT"). */
    rule: text("rule"),
    rewardedAt: timestamp("rewarded_at", { withTimezone: true }),
    refunded: micro("refunded").notNull().default(0n),
    reversed: micro("reversed").notNull().default(0n),
  },
  (t) => [
    check("referrals_refusal", sql`${t.refusal} IS NULL OR ${t.refusal} IN ('self', 'telegram', 'email')`),
    check("referrals_not_self", sql`${t.referrerId} <> ${t.referredId}`),
    check("referrals_reward", sql`${t.reward} IS NULL OR ${t.reward} > 0`),
    check("referrals_reversed", sql`${t.reversed} >= 0 AND ${t.reversed} <= coalesce(${t.reward}, 0)`),
    index("referrals_referrer_idx").on(t.referrerId, t.createdAt),
    index("referrals_rewarded_idx").on(t.rewardedAt),
  ],
);

export const REFERRAL_REWARD_KINDS = ["off", "percent", "fixed"] as const;

/** The owner's reward rule, one row: off (the start), a percent of the payment, or a fixed amount. */
export const referralSettings = pgTable(
  "referral_settings",
  {
    id: integer("id").primaryKey().default(1),
    kind: text("kind", { enum: REFERRAL_REWARD_KINDS }).notNull().default("off"),
    percent: integer("percent"),
    amount: micro("amount"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("referral_settings_one_row", sql`${t.id} = 1`),
    check(
      "referral_settings_rule",
      sql`(${t.kind} = 'off') OR (${t.kind} = 'percent' AND ${t.percent} BETWEEN 1 AND 100) OR (${t.kind} = 'fixed' AND ${t.amount} > 0)`,
    ),
  ],
);
