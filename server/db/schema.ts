import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  primaryKey,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema.ts";

export * from "./auth-schema.ts";
export * from "./telegram-schema.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Money is integer micro-USDT (1 USDT = 1_000_000), read into JS as bigint. */
const micro = (name: string) => bigint(name, { mode: "bigint" });

export const resultType = pgEnum("result_type", [
  "broadcastai",
  "forex",
  "high_lev_futures",
  "low_lev_futures",
  "spot",
]);
export const subscriptionStatus = pgEnum("subscription_status", ["active", "expired", "cancelled"]);
export const billingStatus = pgEnum("billing_status", ["paid", "pending", "failed"]);
export const billingPeriod = pgEnum("billing_period", ["monthly", "quarterly", "lifetime"]);
export const ledgerKind = pgEnum("ledger_kind", ["deposit", "purchase", "renewal", "adjustment", "refund"]);

/** spec §3 "Pricing plan" (table pricing). `price` is the monthly base. */
export const pricing = pgTable(
  "pricing",
  {
    id: serial("id").primaryKey(),
    planId: text("plan_id").notNull().unique(),
    name: text("name").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    icon: text("icon").notNull().default("zap"),
    badge: text("badge"),
    discount: integer("discount").notNull().default(0),
    price: micro("price").notNull(),
    originalPrice: micro("original_price"),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    published: boolean("published").notNull().default(false),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("pricing_price_positive", sql`${t.price} > 0`),
    check("pricing_original_price_nonneg", sql`${t.originalPrice} IS NULL OR ${t.originalPrice} >= 0`),
    check("pricing_discount_range", sql`${t.discount} BETWEEN 0 AND 100`),
    index("pricing_published_order_idx").on(t.published, t.displayOrder),
  ],
);

/** spec §3 "Result": one row of the results tracker. */
export const results = pgTable(
  "results",
  {
    id: serial("id").primaryKey(),
    type: resultType("type").notNull(),
    title: text("title").notNull(),
    signals: integer("signals").notNull().default(0),
    wins: integer("wins").notNull().default(0),
    losses: integer("losses").notNull().default(0),
    totalPercentage: numeric("total_percentage", { precision: 10, scale: 2, mode: "number" }).notNull().default(0),
    winRate: numeric("win_rate", { precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    published: boolean("published").notNull().default(false),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("results_counts_nonneg", sql`${t.signals} >= 0 AND ${t.wins} >= 0 AND ${t.losses} >= 0`),
    check("results_win_rate_range", sql`${t.winRate} BETWEEN 0 AND 100`),
    index("results_type_published_order_idx").on(t.type, t.published, t.displayOrder),
  ],
);

/** spec §3 "Blog post" (table blog). `content` is sanitized HTML, cleaned when written. */
export const blogPosts = pgTable(
  "blog",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    content: text("content").notNull(),
    category: text("category").notNull(),
    date: text("date").notNull(),
    image: text("image").notNull(),
    author: text("author").notNull(),
    authorRole: text("author_role").notNull().default(""),
    published: boolean("published").notNull().default(false),
    // Set by a trigger the first time the row is published (migration 0006); new posts are
    // emailed to the newsletter's subscribers by it.
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("blog_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    index("blog_published_created_idx").on(t.published, t.createdAt),
  ],
);

export const contactSubmissions = pgTable("contact_submissions", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  telegram: text("telegram"),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

/** spec §3 "Profile": id equals the auth user id. */
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
    balance: micro("balance").notNull().default(sql`0`),
    walletAddress: text("wallet_address").unique(),
    walletIndex: integer("wallet_index").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
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
  },
  (t) => [
    check("billing_total_nonneg", sql`${t.totalAmount} >= 0`),
    index("billing_user_issue_idx").on(t.userId, t.issueDate),
  ],
);

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Lifetime never renews and never ends; the others always have a next billing date.
    check(
      "subscriptions_lifetime_shape",
      sql`(${t.billingPeriod} = 'lifetime' AND ${t.nextBillingDate} IS NULL AND ${t.autorenew} = false)
          OR (${t.billingPeriod} <> 'lifetime' AND ${t.nextBillingDate} IS NOT NULL)`,
    ),
    // At most one active subscription per member and plan.
    uniqueIndex("subscriptions_one_active_per_plan").on(t.userId, t.planId).where(sql`${t.status} = 'active'`),
    index("subscriptions_due_idx").on(t.status, t.nextBillingDate),
  ],
);

export const knowledgebaseArticles = pgTable(
  "knowledgebase",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    published: boolean("published").notNull().default(false),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("knowledgebase_published_order_idx").on(t.published, t.displayOrder)],
);

/** DESIGN.md §4: every balance change is one row here; `reference` makes each change happen once. */
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
  ],
);

/** Fixed-window counters shared by every server instance (DESIGN.md §6). */
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

/** Where the deposit watcher resumes: the block timestamp (ms) up to which all events are credited. */
export const chainCursors = pgTable("chain_cursors", {
  name: text("name").primaryKey(),
  minBlockTimestamp: bigint("min_block_timestamp", { mode: "number" }).notNull(),
  updatedAt: updatedAt(),
});

/** Every USDT TRC-20 transfer credited to a member, once per (transaction, event index). */
export const chainDeposits = pgTable(
  "chain_deposits",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    txId: text("tx_id").notNull(),
    eventIndex: integer("event_index").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    toAddress: text("to_address").notNull(),
    fromAddress: text("from_address").notNull(),
    amount: micro("amount").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    blockTimestamp: timestamp("block_timestamp", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("chain_deposits_tx_event_unique").on(t.txId, t.eventIndex),
    check("chain_deposits_amount_positive", sql`${t.amount} > 0`),
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

/**
 * Transactional outbox of member notifications: written in the same transaction as the
 * event (a charge, a lapse, a deposit), delivered afterwards by a job, so nothing is lost on
 * a crash and nothing is sent for a rolled-back change.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, string>>().notNull().default({}),
    emailSentAt: timestamp("email_sent_at", { withTimezone: true }),
    emailAttempts: integer("email_attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_pending_idx").on(t.emailSentAt, t.nextAttemptAt)],
);

/** "Subscribe to new posts": double opt-in; only confirmed addresses ever receive mail. */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    // sha256 of the emailed confirmation token; the token itself is never stored.
    tokenHash: text("token_hash").notNull().unique(),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("newsletter_email_unique").on(sql`lower(${t.email})`)],
);

/**
 * One email announcing one new post to one subscriber: the outbox of the newsletter. The pair is
 * unique, so queueing twice sends once; rows are claimed with a lease and retried with back-off.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    // Not sent and never will be: the subscriber left, or the post was unpublished, first.
    skippedAt: timestamp("skipped_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_deliveries_post_subscriber").on(t.postId, t.subscriberId),
    index("newsletter_deliveries_due").on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.skippedAt} is null`),
  ],
);
