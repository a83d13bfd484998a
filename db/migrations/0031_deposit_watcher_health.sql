-- The deposit watcher's health lives on its cursor's row, overwritten by every poll, so the
-- back office can show when it last polled, how far behind it is and its last error without a
-- row per poll.
ALTER TABLE "chain_cursors" ADD COLUMN "polled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "chain_cursors" ADD COLUMN "poll_ok" boolean;
--> statement-breakpoint
ALTER TABLE "chain_cursors" ADD COLUMN "newest_block" bigint;
--> statement-breakpoint
ALTER TABLE "chain_cursors" ADD COLUMN "newest_block_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "chain_cursors" ADD COLUMN "last_error" text;
--> statement-breakpoint
ALTER TABLE "chain_cursors" ADD COLUMN "last_error_at" timestamp with time zone;
--> statement-breakpoint
-- The page lists the newest credited deposits first.
CREATE INDEX "chain_deposits_block_time_idx" ON "chain_deposits" USING btree ("block_timestamp","id");
