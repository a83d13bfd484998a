CREATE TYPE "public"."billing_period" AS ENUM('monthly', 'quarterly', 'lifetime');--> statement-breakpoint
CREATE TYPE "public"."billing_status" AS ENUM('paid', 'pending', 'failed');--> statement-breakpoint
CREATE TYPE "public"."ledger_kind" AS ENUM('deposit', 'purchase', 'renewal', 'adjustment', 'refund');--> statement-breakpoint
CREATE TYPE "public"."result_type" AS ENUM('broadcastai', 'forex', 'high_lev_futures', 'low_lev_futures', 'spot');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('active', 'expired', 'cancelled');--> statement-breakpoint
CREATE TABLE "billing_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"issue_date" timestamp with time zone DEFAULT now() NOT NULL,
	"total_amount" bigint NOT NULL,
	"payment_type" text DEFAULT 'USDT (TRC-20)' NOT NULL,
	"status" "billing_status" DEFAULT 'pending' NOT NULL,
	"description" text,
	CONSTRAINT "billing_history_invoice_id_unique" UNIQUE("invoice_id"),
	CONSTRAINT "billing_total_nonneg" CHECK ("billing_history"."total_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "blog" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"category" text NOT NULL,
	"date" text NOT NULL,
	"image" text NOT NULL,
	"author" text NOT NULL,
	"author_role" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_slug_unique" UNIQUE("slug"),
	CONSTRAINT "blog_slug_format" CHECK ("blog"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "contact_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"telegram" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledgebase" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" "ledger_kind" NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_reference_unique" UNIQUE("reference"),
	CONSTRAINT "ledger_amount_nonzero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "pricing" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"name" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT 'zap' NOT NULL,
	"badge" text,
	"discount" integer DEFAULT 0 NOT NULL,
	"price" bigint NOT NULL,
	"original_price" bigint,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_plan_id_unique" UNIQUE("plan_id"),
	CONSTRAINT "pricing_price_positive" CHECK ("pricing"."price" > 0),
	CONSTRAINT "pricing_original_price_nonneg" CHECK ("pricing"."original_price" IS NULL OR "pricing"."original_price" >= 0),
	CONSTRAINT "pricing_discount_range" CHECK ("pricing"."discount" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"telegram_username" text,
	"telegram_verified" boolean DEFAULT false NOT NULL,
	"telegram_user_id" bigint,
	"verification_code" text,
	"verification_code_expires_at" timestamp with time zone,
	"balance" bigint DEFAULT 0 NOT NULL,
	"wallet_address" text,
	"wallet_index" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_telegram_user_id_unique" UNIQUE("telegram_user_id"),
	CONSTRAINT "profiles_wallet_address_unique" UNIQUE("wallet_address"),
	CONSTRAINT "profiles_wallet_index_unique" UNIQUE("wallet_index"),
	CONSTRAINT "profiles_balance_nonneg" CHECK ("profiles"."balance" >= 0),
	CONSTRAINT "profiles_wallet_index_nonneg" CHECK ("profiles"."wallet_index" IS NULL OR "profiles"."wallet_index" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "results" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" "result_type" NOT NULL,
	"title" text NOT NULL,
	"signals" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"total_percentage" numeric(10, 2) DEFAULT 0 NOT NULL,
	"win_rate" numeric(5, 2) DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "results_counts_nonneg" CHECK ("results"."signals" >= 0 AND "results"."wins" >= 0 AND "results"."losses" >= 0),
	CONSTRAINT "results_win_rate_range" CHECK ("results"."win_rate" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" integer NOT NULL,
	"status" "subscription_status" DEFAULT 'active' NOT NULL,
	"billing_period" "billing_period" NOT NULL,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"next_billing_date" timestamp with time zone,
	"autorenew" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_lifetime_shape" CHECK (("subscriptions"."billing_period" = 'lifetime' AND "subscriptions"."next_billing_date" IS NULL AND "subscriptions"."autorenew" = false)
          OR ("subscriptions"."billing_period" <> 'lifetime' AND "subscriptions"."next_billing_date" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_history" ADD CONSTRAINT "billing_history_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_pricing_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."pricing"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_user_issue_idx" ON "billing_history" USING btree ("user_id","issue_date");--> statement-breakpoint
CREATE INDEX "blog_published_created_idx" ON "blog" USING btree ("published","created_at");--> statement-breakpoint
CREATE INDEX "knowledgebase_published_order_idx" ON "knowledgebase" USING btree ("published","display_order");--> statement-breakpoint
CREATE INDEX "ledger_user_idx" ON "ledger_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "pricing_published_order_idx" ON "pricing" USING btree ("published","display_order");--> statement-breakpoint
CREATE INDEX "results_type_published_order_idx" ON "results" USING btree ("type","published","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_active_per_plan" ON "subscriptions" USING btree ("user_id","plan_id") WHERE "subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("status","next_billing_date");--> statement-breakpoint
CREATE INDEX "account_user_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");