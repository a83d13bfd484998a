import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { StoredLine } from "~/lib/priced-lines";
import { user } from "./auth-schema.ts";
import { createdAt, micro, updatedAt } from "./columns.ts";
import { billingPeriod } from "./enums.ts";

export const orderStatus = pgEnum("order_status", ["pending", "paid", "expired", "cancelled"]);

/**
 * A cart waiting for its money: purchased from the balance as soon as the balance covers it.
 * Its total is held until `pricesHeldUntil`; past that it is priced again before any charge.
 * At most one pending order per member.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: orderStatus("status").notNull().default("pending"),
    planIds: integer("plan_ids").array().notNull(),
    billingPeriod: billingPeriod("billing_period").notNull(),
    /** What will be charged: list − discount − credit, from the lines below. */
    totalAmount: micro("total_amount").notNull(),
    listAmount: micro("list_amount").notNull(),
    discountAmount: micro("discount_amount").notNull().default(0n),
    /** The coupon code the order was priced with: it keeps it until it is paid or closed. */
    couponCode: text("coupon_code"),
    creditAmount: micro("credit_amount").notNull().default(0n),
    /** The held prices, one line per plan (app/lib/priced-lines.ts `StoredLine`); null on orders made before lines were kept. */
    lines: jsonb("lines").$type<StoredLine[]>(),
    pricesHeldUntil: timestamp("prices_held_until", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when a lapsed hold was priced again at a different total: not charged until the member accepts it. */
    repricedAt: timestamp("repriced_at", { withTimezone: true }),
    /** Why a covered order could not be purchased (a plan withdrawn or already active), as the member reads it. */
    problem: text("problem"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /**
     * The ledger reference of the credit whose arrival paid the order (a deposit, a card payment,
     * a credit from our team), so its page can say what arrived; null when the member's own step
     * or the orders job completed it.
     */
    paidByReference: text("paid_by_reference"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_total_nonneg", sql`${t.totalAmount} >= 0`),
    check(
      "orders_priced",
      sql`${t.discountAmount} >= 0 AND ${t.creditAmount} >= 0 AND ${t.totalAmount} = ${t.listAmount} - ${t.discountAmount} - ${t.creditAmount}`,
    ),
    check("orders_has_plans", sql`cardinality(${t.planIds}) > 0`),
    uniqueIndex("orders_one_pending_per_member")
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_pending_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A member's plan cart, kept with the account so it follows them to another tab, browser or
 * sign-in: one row per member, overwritten by every change. Ids are only a wish (pricing.id
 * values, unique, in the order they were added): readers check them against published plans.
 * `couponCode`: the code the cart was ordered with at sign-up (as the order keeps it), so the
 * dashboard's cart offers it again; dropped when the cart is emptied.
 */
export const memberCarts = pgTable("member_carts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  planIds: integer("plan_ids").array().notNull(),
  billingPeriod: billingPeriod("billing_period").notNull(),
  couponCode: text("coupon_code"),
  updatedAt: updatedAt(),
});

/**
 * How long orders are held, set by an owner in the back office: one row (id 1), made by its
 * migration with the starting values. The bounds are app/lib/orders.ts `ORDER_SETTING_LIMITS`,
 * held here too so no write around the form stores a hold the order code cannot use.
 */
export const orderSettings = pgTable(
  "order_settings",
  {
    id: integer("id").primaryKey().default(1),
    priceHoldHours: integer("price_hold_hours").notNull(),
    lifetimeDays: integer("lifetime_days").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("order_settings_one_row", sql`${t.id} = 1`),
    check(
      "order_settings_bounds",
      sql`${t.priceHoldHours} BETWEEN 1 AND 168 AND ${t.lifetimeDays} BETWEEN 1 AND 30 AND ${t.priceHoldHours} <= ${t.lifetimeDays} * 24`,
    ),
  ],
);
