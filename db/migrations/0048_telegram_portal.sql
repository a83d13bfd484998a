-- The member portal inside Telegram: one row per exchange of Telegram's signed init data for a
-- short-lived portal token (kept as its SHA-256). The init data's own hash is unique, so one
-- launch's init data is exchanged once; rows are pruned a day after they expire.
CREATE TABLE "telegram_portal_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"init_data_hash" text NOT NULL,
	"telegram_user_id" bigint NOT NULL,
	"telegram_username" text,
	"first_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "telegram_portal_sessions_init_data_hash_unique" UNIQUE("init_data_hash")
);--> statement-breakpoint
CREATE INDEX "telegram_portal_sessions_expires_idx" ON "telegram_portal_sessions" USING btree ("expires_at");
