import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt, micro, updatedAt } from "./columns.ts";

// What the public site shows: plans, results, blog posts, and the members' knowledgebase.

export const resultType = pgEnum("result_type", [
  "broadcastai",
  "forex",
  "high_lev_futures",
  "low_lev_futures",
  "spot",
]);

/** A pricing plan (table pricing). `price` is the monthly base. */
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
    /** Days of free trial a member may start without paying, once per person; 0: none. */
    trialDays: integer("trial_days").notNull().default(0),
    /**
     * Raised on every plan row by any change of any coupon code (migration 0061): a purchase with
     * a code compares its plans' versions, locked, with those read with the code (coupon-gate.ts).
     */
    couponsVersion: bigint("coupons_version", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("pricing_price_positive", sql`${t.price} > 0`),
    check("pricing_trial_days_range", sql`${t.trialDays} BETWEEN 0 AND 90`),
    check("pricing_original_price_nonneg", sql`${t.originalPrice} IS NULL OR ${t.originalPrice} >= 0`),
    check("pricing_discount_range", sql`${t.discount} BETWEEN 0 AND 100`),
    index("pricing_published_order_idx").on(t.published, t.displayOrder),
  ],
);

/**
 * Monthly price changes of a plan, kept as history. New buyers pay a new price at
 * once (`pricing.price`); a rise reaches the renewals of members who subscribed before it only
 * at `effectiveAt`, after the 30 days' notice the terms promise (server/billing/plan-price-at.ts).
 * `oldPrice` is the price the change replaced.
 */
export const planPriceChanges = pgTable(
  "plan_price_changes",
  {
    id: serial("id").primaryKey(),
    planId: integer("plan_id")
      .notNull()
      .references(() => pricing.id, { onDelete: "cascade" }),
    oldPrice: micro("old_price").notNull(),
    newPrice: micro("new_price").notNull(),
    effectiveAt: timestamp("effective_at", { withTimezone: true }).notNull(),
    /** When `pricing.price` took the new price (since the notice protects renewals only, at once). */
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    /**
     * When staff cancelled a rise still waiting for its date (migration 0015). A cancelled change
     * is history only: planPriceAt and the notice check ignore it.
     */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by"),
  },
  (t) => [
    check("plan_price_changes_positive", sql`${t.newPrice} > 0 AND ${t.oldPrice} > 0`),
    index("plan_price_changes_plan_effective_idx").on(t.planId, t.effectiveAt),
  ],
);

/** One row of the results tracker. */
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

/** A blog post (table blog). `content` is sanitized HTML, cleaned when written. */
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
    // The back office (migration 0013). A post is archived (archivedAt), published,
    // scheduled (scheduledAt: a job publishes it then) or else a draft; publishing clears the
    // other two (trigger), and a CHECK keeps the states apart.
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** Search and link-preview texts; empty: the title, the excerpt and the hero image serve. */
    seoTitle: text("seo_title").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    socialImage: text("social_image").notNull().default(""),
    /** Announce it in the Telegram channel when it goes public (migration 0046). */
    announceTelegram: boolean("announce_telegram").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("blog_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check(
      "blog_status_shape",
      sql`NOT (${t.published} AND (${t.scheduledAt} IS NOT NULL OR ${t.archivedAt} IS NOT NULL)) AND NOT (${t.scheduledAt} IS NOT NULL AND ${t.archivedAt} IS NOT NULL)`,
    ),
    index("blog_published_created_idx").on(t.published, t.createdAt),
    index("blog_scheduled_idx")
      .on(t.scheduledAt)
      .where(sql`${t.scheduledAt} IS NOT NULL`),
  ],
);

/**
 * The old addresses of published posts whose slug changed: /blog/<oldSlug> answers
 * 301 to the post's slug of today, so a chain of renames is one hop.
 */
export const blogRedirects = pgTable(
  "blog_redirects",
  {
    oldSlug: text("old_slug").primaryKey(),
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("blog_redirects_slug_format", sql`${t.oldSlug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    index("blog_redirects_post_idx").on(t.postId),
  ],
);

/**
 * The editor's previews: what the editor held when "Preview" was pressed, saved or
 * not, already cleaned; the preview tab renders it with the public page's components.
 */
export const blogPreviews = pgTable(
  "blog_previews",
  {
    id: text("id").primaryKey(),
    postId: integer("post_id").references(() => blogPosts.id, { onDelete: "cascade" }),
    createdBy: text("created_by").notNull(),
    post: jsonb("post").$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("blog_previews_created_idx").on(t.createdAt)],
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
