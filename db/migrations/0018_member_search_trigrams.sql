-- The back office finds members by any part of their email, name or Telegram username
-- (ILIKE '%term%'). With 100 000 members a sequential scan of each table is too slow; trigram
-- indexes answer those patterns. pg_trgm is a trusted extension (PostgreSQL 13+): a database
-- owner may create it without superuser rights, on managed services too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_name_trgm_idx" ON "user" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_full_name_trgm_idx" ON "profiles" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_telegram_username_trgm_idx" ON "profiles" USING gin ("telegram_username" gin_trgm_ops);
