import { sql } from "drizzle-orm";
import { bigserial, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { blogPosts } from "./content-schema.ts";

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
    index("newsletter_deliveries_due")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.skippedAt} is null`),
  ],
);
