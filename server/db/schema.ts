import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { StoredLine } from "~/lib/priced-lines";
import { user } from "./auth-schema.ts";
import { createdAt, micro, updatedAt } from "./columns.ts";
import { couponUseKind } from "./coupons-schema.ts";
import { billingPeriod, billingStatus, ledgerKind } from "./enums.ts";
import { orders } from "./orders-schema.ts";

export * from "./announcements-schema.ts";
export * from "./auth-schema.ts";
export * from "./back-office-schema.ts";
export * from "./broadcasts-schema.ts";
export * from "./card-payments-schema.ts";
export * from "./content-schema.ts";
export * from "./coupons-schema.ts";
export * from "./newsletter-schema.ts";
export * from "./notifications-schema.ts";
export * from "./ops-schema.ts";
export * from "./referrals-schema.ts";
export * from "./sign-in-devices-schema.ts";
export * from "./staff-schema.ts";
export * from "./telegram-schema.ts";
export * from "./trials-schema.ts";
export * from "./uploads-schema.ts";
export * from "./wallet-schema.ts";
export * from "./enums.ts";
export * from "./orders-schema.ts";
export * from "./subscriptions-schema.ts";

/** A member's profile: id equals the auth user id. */
export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    telegramUsername: text("telegram_username"),
    telegramVerified: boolean("telegram_verified").notNull().default(false),
    telegramUserId: bigint("telegram_user_id", { mode: "bigint" }).unique(),
    verificationCode: text("verification_code"),
    verificationCodeExpiresAt: timestamp("verification_code_expires_at", { withTimezone: true }),
    // Cached sum of this member's ledger_entries; changed only together with a ledger row.
    balance: micro("balance")
      .notNull()
      .default(sql`0`),
    walletAddress: text("wallet_address").unique(),
    walletIndex: integer("wallet_index").unique(),
    /**
     * When a broadcast found that this member blocked the bot (Telegram answered 403): later
     * broadcasts skip them by bot until they write to the bot again, which clears it.
     */
    telegramBlockedAt: timestamp("telegram_blocked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The id too: the member list's deep pages skip their offset in the index alone (migration 0027).
    index("profiles_created_idx").on(t.createdAt, t.id),
    index("profiles_balance_idx").on(t.balance, t.id),
    check("profiles_balance_nonneg", sql`${t.balance} >= 0`),
    check("profiles_wallet_index_nonneg", sql`${t.walletIndex} IS NULL OR ${t.walletIndex} >= 0`),
  ],
);

export const billingHistory = pgTable(
  "billing_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    invoiceId: text("invoice_id").notNull().unique(),
    issueDate: timestamp("issue_date", { withTimezone: true }).notNull().defaultNow(),
    totalAmount: micro("total_amount").notNull(),
    paymentType: text("payment_type").notNull().default("USDT (TRC-20)"),
    status: billingStatus("status").notNull().default("pending"),
    description: text("description"),
    /** On-chain transaction of a deposit, shown in the billing view. */
    txHash: text("tx_hash"),
    /**
     * The ledger entry this row describes (written in the same transaction): the statement takes
     * the row's signed amount and the balance after it from the ledger. Null for rows that moved
     * no money (a failed renewal, a complimentary plan).
     */
    ledgerReference: text("ledger_reference"),
    /** The order this purchase completed: the statement shows the two as one row. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** A purchase's or renewal's plans, period and the dates it pays for, as its receipt lists them. */
    planNames: text("plan_names").array(),
    billingPeriod: billingPeriod("billing_period"),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    /**
     * A purchase's or renewal's price before what was taken off: `totalAmount` (what was charged)
     * is always list − discount − credit. Null for rows that sell nothing (deposits, adjustments).
     */
    listAmount: micro("list_amount"),
    /** Taken off by the coupon code `couponCode`. */
    discountAmount: micro("discount_amount").notNull().default(0n),
    couponCode: text("coupon_code"),
    /**
     * The code (coupons.id) when this row is one of its uses: the row itself is the use, with the
     * member, the date, the list amount, the discount and what was charged (decision 156). Set
     * with `couponUse` only on a paid row the code took something off. No foreign key: it would
     * cost every purchase with a code a trigger and a lock on the code's row; a used code is kept
     * from deletion by the trigger coupons_keep_used (migration 0056) instead.
     */
    couponId: integer("coupon_id"),
    /** A purchase (counted against the code's limits) or a renewal its rule discounted (not counted). */
    couponUse: couponUseKind("coupon_use"),
    /** Credited for the unused part of a plan this purchase replaced. */
    creditAmount: micro("credit_amount").notNull().default(0n),
    /** The lines the receipt lists, one per plan (app/lib/priced-lines.ts `StoredLine`). */
    lines: jsonb("lines").$type<StoredLine[]>(),
  },
  (t) => [
    check("billing_total_nonneg", sql`${t.totalAmount} >= 0`),
    check(
      "billing_priced",
      sql`${t.listAmount} IS NULL OR (${t.discountAmount} >= 0 AND ${t.creditAmount} >= 0 AND ${t.totalAmount} = ${t.listAmount} - ${t.discountAmount} - ${t.creditAmount})`,
    ),
    check(
      "billing_coupon_use",
      sql`(${t.couponId} IS NULL) = (${t.couponUse} IS NULL) AND (${t.couponId} IS NULL OR ${t.discountAmount} > 0)`,
    ),
    // A use counted against a code's limits is a paid bill (migration 0060): a member's uses are read from their paid bills.
    check("billing_coupon_use_paid", sql`${t.couponUse} IS DISTINCT FROM 'purchase' OR ${t.status} = 'paid'`),
    uniqueIndex("billing_ledger_reference_idx").on(t.ledgerReference),
    uniqueIndex("billing_order_idx").on(t.orderId),
    index("billing_user_issue_idx").on(t.userId, t.issueDate),
    // Lifetime sales find their checkout's paid invoice in order, from the index alone: migration
    // 0027 also INCLUDEs the id, which Drizzle cannot declare.
    index("billing_paid_user_issue_idx")
      .on(t.userId, t.issueDate)
      .where(sql`${t.status} = 'paid'`),
    // A code's uses by date, and nothing else: the code's page (newest first), its counts and sums,
    // and the overview's figures (each code's window). The one index entry a purchase with a code writes.
    index("billing_coupon_use_idx")
      .on(t.couponId, t.issueDate)
      .where(sql`${t.couponId} IS NOT NULL`),
  ],
);

/** Every balance change is one row here (a balance is its ledger's sum); `reference` makes each change happen once. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    kind: ledgerKind("kind").notNull(),
    amount: micro("amount").notNull(),
    reference: text("reference").notNull().unique(),
    memo: text("memo"),
    createdAt: createdAt(),
  },
  (t) => [
    check("ledger_amount_nonzero", sql`${t.amount} <> 0`),
    index("ledger_user_idx").on(t.userId, t.createdAt),
    index("ledger_kind_created_idx").on(t.kind, t.createdAt),
    index("ledger_created_idx").on(t.createdAt),
  ],
);

/** Fixed-window counters shared by every server instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/** Deposit address indexes (m/44'/195'/0'/0/{index}); nextval is atomic across instances. */
export const walletIndexSeq = pgSequence("wallet_index_seq", { startWith: 0, minValue: 0 });

/** Idempotency of purchases: the first answer for (member, key) is stored and replayed. */
export const purchaseRequests = pgTable(
  "purchase_requests",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    response: jsonb("response").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.idempotencyKey] })],
);
