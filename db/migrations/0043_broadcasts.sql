-- Broadcasts: a message written once in the back office, sent to an audience of members by the
-- bot, by email or both. Each delivery (broadcast, member, way) is one row and unique, so queuing
-- again or resuming after a restart never sends a member the same broadcast twice by one way.
-- Members who stopped broadcasts (by email's unsubscribe link or /stop to the bot) are kept per
-- way, and a member found to have blocked the bot is marked on their profile until they write to
-- it again.
CREATE TYPE "public"."broadcast_channel" AS ENUM('bot', 'email', 'both');--> statement-breakpoint
CREATE TYPE "public"."broadcast_state" AS ENUM('draft', 'scheduled', 'sending', 'cancelled', 'done');--> statement-breakpoint
CREATE TYPE "public"."broadcast_way" AS ENUM('bot', 'email');--> statement-breakpoint
CREATE TYPE "public"."broadcast_delivery_status" AS ENUM('queued', 'sending', 'sent', 'failed', 'blocked', 'skipped', 'cancelled');--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience" jsonb NOT NULL,
	"channel" "broadcast_channel" NOT NULL,
	"state" "broadcast_state" DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "broadcast_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"broadcast_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"way" "broadcast_way" NOT NULL,
	"status" "broadcast_delivery_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "broadcast_opt_outs" (
	"user_id" text NOT NULL,
	"way" "broadcast_way" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcast_opt_outs_user_id_way_pk" PRIMARY KEY("user_id","way")
);--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "telegram_blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_deliveries" ADD CONSTRAINT "broadcast_deliveries_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_deliveries" ADD CONSTRAINT "broadcast_deliveries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_opt_outs" ADD CONSTRAINT "broadcast_opt_outs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcasts_created_idx" ON "broadcasts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "broadcasts_state_idx" ON "broadcasts" USING btree ("state","scheduled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "broadcast_deliveries_once" ON "broadcast_deliveries" USING btree ("broadcast_id","user_id","way");--> statement-breakpoint
CREATE INDEX "broadcast_deliveries_progress_idx" ON "broadcast_deliveries" USING btree ("broadcast_id","status");--> statement-breakpoint
CREATE INDEX "broadcast_deliveries_due_idx" ON "broadcast_deliveries" USING btree ("next_attempt_at","id") WHERE "broadcast_deliveries"."status" IN ('queued', 'sending');
