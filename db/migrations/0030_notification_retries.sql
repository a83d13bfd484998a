-- Staff can retry a notification's failed Telegram copy: the retry is queued on the row
-- (telegram_status 'queued', due at telegram_next_attempt_at) and leased by the notifications job.
ALTER TABLE "notifications" ADD COLUMN "telegram_next_attempt_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "notifications_telegram_retry_idx" ON "notifications" USING btree ("telegram_next_attempt_at") WHERE "notifications"."telegram_next_attempt_at" IS NOT NULL;
--> statement-breakpoint
-- The back office's list of failed deliveries reads the few failed Telegram copies by this index.
CREATE INDEX "notifications_telegram_failed_idx" ON "notifications" USING btree ("id") WHERE "notifications"."telegram_status" = 'failed';
