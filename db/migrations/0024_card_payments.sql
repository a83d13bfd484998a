-- Card payments through Stripe Checkout: a `card` ledger kind, the Checkout Sessions members
-- open, the webhook events already handled (by id), and the flags operators must look at.
-- The new enum value is not used in this file: PostgreSQL refuses a value added in the same
-- transaction, and the migrator applies pending files in one.
ALTER TYPE "public"."ledger_kind" ADD VALUE 'card';
--> statement-breakpoint
CREATE TABLE "card_payments" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"order_id" text,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_intent_id" text,
	"credited" bigint,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "card_payments_purpose" CHECK ("card_payments"."purpose" IN ('top_up', 'order')),
	CONSTRAINT "card_payments_status" CHECK ("card_payments"."status" IN ('open', 'paid')),
	CONSTRAINT "card_payments_amount_positive" CHECK ("card_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"session_id" text,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"alert_sent_at" timestamp with time zone,
	"alert_attempts" integer DEFAULT 0 NOT NULL,
	"alert_next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"alert_last_error" text,
	CONSTRAINT "payment_flags_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payment_flags_kind" CHECK ("payment_flags"."kind" IN ('refund_shortfall', 'dispute'))
);
--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_flags" ADD CONSTRAINT "payment_flags_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_payment_intent_unique" ON "card_payments" USING btree ("payment_intent_id");
--> statement-breakpoint
CREATE INDEX "card_payments_user_idx" ON "card_payments" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "payment_flags_user_idx" ON "payment_flags" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "payment_flags_open_idx" ON "payment_flags" USING btree ("created_at") WHERE "payment_flags"."resolved_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "payment_flags_alert_idx" ON "payment_flags" USING btree ("alert_next_attempt_at") WHERE "payment_flags"."alert_sent_at" IS NULL;
