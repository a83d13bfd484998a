import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema.ts";
import { createdAt, micro, updatedAt } from "./columns.ts";

/* The USDT deposit watcher's tables: where it has read the chain to, and every transfer it credited. */

/**
 * Where the deposit watcher resumes: the block timestamp (ms) up to which all events are credited.
 * The same row keeps the watcher's health, overwritten by every poll (one row, however often it
 * polls): when it last polled and whether that worked, the newest block it has read, and the
 * last failure, kept after the watcher recovers so staff can see what happened.
 */
export const chainCursors = pgTable("chain_cursors", {
  name: text("name").primaryKey(),
  minBlockTimestamp: bigint("min_block_timestamp", { mode: "number" }).notNull(),
  polledAt: timestamp("polled_at", { withTimezone: true }),
  pollOk: boolean("poll_ok"),
  newestBlock: bigint("newest_block", { mode: "number" }),
  newestBlockAt: timestamp("newest_block_at", { withTimezone: true }),
  lastError: text("last_error"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
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
    index("chain_deposits_user_idx").on(t.userId, t.blockTimestamp),
    index("chain_deposits_block_time_idx").on(t.blockTimestamp, t.id),
    check("chain_deposits_amount_positive", sql`${t.amount} > 0`),
  ],
);
