-- Operators resolve a card payment flag with a note saying what they did (resolved_at and
-- resolved_by were there from the start; the note is new).
ALTER TABLE "payment_flags" ADD COLUMN "resolution_note" text;
--> statement-breakpoint
-- When a notification's Telegram copy was last tried, whatever the outcome: the back office's
-- failed deliveries show when the copy failed, not only when the notification was queued.
ALTER TABLE "notifications" ADD COLUMN "telegram_attempted_at" timestamp with time zone;
