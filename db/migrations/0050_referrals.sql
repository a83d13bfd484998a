-- Referrals: each member's link code, the visits through links (the visitor's cookie holds only a
-- visit's random id), who referred whom with the reward the referred member's first payment earned
-- and what refunds took back, and the owner's reward rule (one row, off to start with). Rewards
-- and their reversals are ledger rows of their own kind.
ALTER TYPE "public"."ledger_kind" ADD VALUE 'referral';--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_code_unique" UNIQUE("code")
);--> statement-breakpoint
CREATE TABLE "referral_visits" (
	"id" text PRIMARY KEY NOT NULL,
	"referrer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "referrals" (
	"referred_id" text PRIMARY KEY NOT NULL,
	"referrer_id" text NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refusal" text,
	"billing_id" uuid,
	"payment_amount" bigint,
	"reward" bigint,
	"rule" text,
	"rewarded_at" timestamp with time zone,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"reversed" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "referrals_refusal" CHECK ("referrals"."refusal" IS NULL OR "referrals"."refusal" IN ('self', 'telegram', 'email')),
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."referrer_id" <> "referrals"."referred_id"),
	CONSTRAINT "referrals_reward" CHECK ("referrals"."reward" IS NULL OR "referrals"."reward" > 0),
	CONSTRAINT "referrals_reversed" CHECK ("referrals"."reversed" >= 0 AND "referrals"."reversed" <= coalesce("referrals"."reward", 0))
);--> statement-breakpoint
CREATE TABLE "referral_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"kind" text DEFAULT 'off' NOT NULL,
	"percent" integer,
	"amount" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_settings_one_row" CHECK ("referral_settings"."id" = 1),
	CONSTRAINT "referral_settings_rule" CHECK (("referral_settings"."kind" = 'off') OR ("referral_settings"."kind" = 'percent' AND "referral_settings"."percent" BETWEEN 1 AND 100) OR ("referral_settings"."kind" = 'fixed' AND "referral_settings"."amount" > 0))
);--> statement-breakpoint
INSERT INTO "referral_settings" ("id", "kind") VALUES (1, 'off');--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_visits" ADD CONSTRAINT "referral_visits_referrer_id_user_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_id_user_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_user_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_visits_referrer_idx" ON "referral_visits" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_visits_created_idx" ON "referral_visits" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_rewarded_idx" ON "referrals" USING btree ("rewarded_at");
