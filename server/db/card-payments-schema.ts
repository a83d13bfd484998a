// Card payments through Stripe Checkout: the sessions members opened, the webhook events already
// handled, and what operators must look at (refunds the balance could not cover, disputes).
// Re-exported from schema.ts.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth-schema.ts";
import { createdAt, micro } from "./columns.ts";

export const CARD_PAYMENT_PURPOSES = ["top_up", "order"] as const;

/**
 * One Stripe Checkout Session a member opened: what it was for and how much (US cents), then,
 * once Stripe says it was paid, the PaymentIntent (refunds and disputes name it) and the
 * micro-USDT credited; `refunded` is how much of it refunds have taken back so far (Stripe's
 * `amount_refunded` is a running total, so each refund event debits only the difference).
 */
export const cardPayments = pgTable(
  "card_payments",
  {
    sessionId: text("session_id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    purpose: text("purpose", { enum: CARD_PAYMENT_PURPOSES }).notNull(),
    /** The order this pays for (purpose "order"). */
    orderId: text("order_id"),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: ["open", "paid"] })
      .notNull()
      .default("open"),
    paymentIntentId: text("payment_intent_id"),
    credited: micro("credited"),
    refunded: micro("refunded").notNull().default(0n),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    check("card_payments_purpose", sql`${t.purpose} IN ('top_up', 'order')`),
    check("card_payments_status", sql`${t.status} IN ('open', 'paid')`),
    check("card_payments_amount_positive", sql`${t.amountCents} > 0`),
    uniqueIndex("card_payments_payment_intent_unique").on(t.paymentIntentId),
    index("card_payments_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Stripe webhook events already handled, by id: a redelivered event is answered and ignored. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export const PAYMENT_FLAG_KINDS = ["refund_shortfall", "dispute"] as const;

/**
 * Something about a member's card payments operators must look at: a refund larger than the
 * balance left (`amount`: the micro-USDT the balance could not give back), or a dispute
 * (`amount`: what it claims). Open until an operator resolves it with a note; announced to
 * SUPPORT_EMAIL once (the row is its own outbox, like contact alerts).
 */
export const paymentFlags = pgTable(
  "payment_flags",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PAYMENT_FLAG_KINDS }).notNull(),
    /** What made it, unique: a replayed event never flags twice. */
    reference: text("reference").notNull().unique(),
    amount: micro("amount").notNull(),
    sessionId: text("session_id"),
    detail: text("detail").notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** Who resolved it: the staff member's email (or the operator's label), as audit rows name them. */
    resolvedBy: text("resolved_by"),
    /** What the operator did about it, required when resolving (migration 0035). */
    resolutionNote: text("resolution_note"),
    alertSentAt: timestamp("alert_sent_at", { withTimezone: true }),
    alertAttempts: integer("alert_attempts").notNull().default(0),
    alertNextAttemptAt: timestamp("alert_next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    alertLastError: text("alert_last_error"),
  },
  (t) => [
    check("payment_flags_kind", sql`${t.kind} IN ('refund_shortfall', 'dispute')`),
    index("payment_flags_user_idx").on(t.userId, t.createdAt),
    index("payment_flags_open_idx")
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} IS NULL`),
    index("payment_flags_alert_idx")
      .on(t.alertNextAttemptAt)
      .where(sql`${t.alertSentAt} IS NULL`),
  ],
);
