-- The staff alert of a new contact message goes out on two channels (email, Telegram); each is
-- marked once sent, so a retry after one channel failed never repeats the other. The alert is
-- leased and retried with back-off like the other outboxes.
ALTER TABLE "contact_submissions" ADD COLUMN "alert_email_sent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "alert_telegram_sent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "alert_next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "alert_last_error" text;
--> statement-breakpoint
-- Messages sent before the alert existed are not announced now.
UPDATE "contact_submissions" SET "alert_sent_at" = "created_at" WHERE "alert_sent_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "contact_submissions_alert_idx" ON "contact_submissions" USING btree ("alert_next_attempt_at") WHERE "contact_submissions"."alert_sent_at" IS NULL;
