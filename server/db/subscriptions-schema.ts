import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema.ts";
import { createdAt, updatedAt } from "./columns.ts";
import { pricing } from "./content-schema.ts";
import { billingPeriod, subscriptionStatus } from "./enums.ts";

/** A member's plan: active until it ends, renewed from the balance on its next billing date. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    planId: integer("plan_id")
      .notNull()
      .references(() => pricing.id, { onDelete: "restrict" }),
    status: subscriptionStatus("status").notNull().default("active"),
    billingPeriod: billingPeriod("billing_period").notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull().defaultNow(),
    nextBillingDate: timestamp("next_billing_date", { withTimezone: true }),
    autorenew: boolean("autorenew").notNull().default(true),
    /** Granted by staff: no money moved, never renewed by a charge. */
    complimentary: boolean("complimentary").notNull().default(false),
    /**
     * The coupon code whose rule still discounts this plan's renewals; null: none does. No foreign
     * key: it would cost each purchase with a renewing code a trigger and a lock on the code's row
     * (decision 161); the trigger coupons_keep_used refuses deleting a code a subscription names.
     */
    couponId: integer("coupon_id"),
    /** Renewals the code still discounts; null with a code: every renewal. */
    couponRenewalsLeft: integer("coupon_renewals_left"),
    /**
     * Set when the subscription began as a free trial: the trial's end, its first due date. Kept
     * after the trial, so what it was stays known; `trialConvertedAt` is when its first charge
     * turned it into a paid subscription (null while on trial, or when it ended unpaid).
     */
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    trialConvertedAt: timestamp("trial_converted_at", { withTimezone: true }),
    /** A smaller plan or shorter period the member chose for their next renewal (migration 0049). */
    scheduledPlanId: integer("scheduled_plan_id").references(() => pricing.id, { onDelete: "set null" }),
    scheduledBillingPeriod: billingPeriod("scheduled_billing_period"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("subscriptions_coupon_renewals", sql`${t.couponRenewalsLeft} IS NULL OR ${t.couponRenewalsLeft} >= 0`),
    // Lifetime never renews and never ends; the others always have a next billing date.
    check(
      "subscriptions_lifetime_shape",
      sql`(${t.billingPeriod} = 'lifetime' AND ${t.nextBillingDate} IS NULL AND ${t.autorenew} = false)
          OR (${t.billingPeriod} <> 'lifetime' AND ${t.nextBillingDate} IS NOT NULL)`,
    ),
    // At most one active subscription per member and plan.
    uniqueIndex("subscriptions_one_active_per_plan")
      .on(t.userId, t.planId)
      .where(sql`${t.status} = 'active'`),
    index("subscriptions_due_idx").on(t.status, t.nextBillingDate),
    index("subscriptions_user_status_idx").on(t.userId, t.status),
    // The back office's overview (migration 0021): ended subscriptions by when they ended, lifetime sales.
    index("subscriptions_ended_idx")
      .on(t.updatedAt)
      .where(sql`${t.status} <> 'active'`),
    index("subscriptions_lifetime_sold_idx")
      .on(t.userId, t.startDate)
      .where(sql`${t.billingPeriod} = 'lifetime' AND NOT ${t.complimentary}`),
    // Migration 0027: active members and their earliest active start, read from the index alone;
    // the paid recurring ones with what MRR and churn price and count them by (the migration
    // INCLUDEs plan, period and next billing date, which Drizzle cannot declare).
    index("subscriptions_active_start_idx")
      .on(t.userId, t.startDate)
      .where(sql`${t.status} = 'active'`),
    // The overview's trial figures: trials by when they started.
    index("subscriptions_trial_start_idx")
      .on(t.startDate)
      .where(sql`${t.trialEndsAt} IS NOT NULL`),
    index("subscriptions_paid_recurring_idx")
      .on(t.startDate)
      .where(sql`${t.status} = 'active' AND NOT ${t.complimentary} AND ${t.billingPeriod} <> 'lifetime'`),
  ],
);

/** Renewal reminders already sent (72 h / 24 h before a due date), so each goes out once. */
export const renewalReminders = pgTable(
  "renewal_reminders",
  {
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    kind: text("kind", { enum: ["72h", "24h"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.dueAt, t.kind] })],
);
