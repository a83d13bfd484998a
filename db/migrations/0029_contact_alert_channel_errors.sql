-- Each channel of a contact message's staff alert keeps its own last error, so the message's page
-- can say which one failed and why (the row's alert_last_error joins them for the outbox's log).
ALTER TABLE "contact_submissions" ADD COLUMN "alert_email_error" text;
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "alert_telegram_error" text;
