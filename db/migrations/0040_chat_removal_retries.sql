-- A removal from a paid chat is claimed on its row (removal_next_at: a short lease while the bot
-- works, then the back-off after a failure), so a crash mid-removal leaves the row to be retried
-- and a failing removal (the bot lost its rights) is tried again later, not every minute. The
-- renewal job reads the rows due for a retry through this partial index: none is the usual case.
ALTER TABLE "telegram_chat_members" ADD COLUMN "removal_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telegram_chat_members" ADD COLUMN "removal_error" text;--> statement-breakpoint
ALTER TABLE "telegram_chat_members" ADD COLUMN "removal_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "telegram_chat_members" ADD COLUMN "removal_next_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "telegram_chat_members_removal_idx" ON "telegram_chat_members" USING btree ("removal_next_at") WHERE "telegram_chat_members"."removal_next_at" IS NOT NULL;
