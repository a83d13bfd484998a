-- Coupon codes: what staff offer (percent or fixed off, for some plans and periods, for the first
-- period, every renewal or a number of renewals, with limits and a validity window), each use of
-- one, and the code a subscription's renewals are still discounted by.
CREATE TYPE "public"."coupon_kind" AS ENUM('percent', 'fixed');
--> statement-breakpoint
CREATE TYPE "public"."coupon_duration" AS ENUM('once', 'forever', 'repeating');
--> statement-breakpoint
CREATE TYPE "public"."coupon_redemption_kind" AS ENUM('purchase', 'renewal');
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" "coupon_kind" NOT NULL,
	"percent_off" integer,
	"amount_off" bigint,
	"plan_ids" integer[],
	"periods" "billing_period"[],
	"duration" "coupon_duration" DEFAULT 'once' NOT NULL,
	"duration_renewals" integer,
	"max_redemptions" integer,
	"per_member_limit" integer DEFAULT 1 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"new_members_only" boolean DEFAULT false NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"redemption_count" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_amount_shape" CHECK (("coupons"."kind" = 'percent' AND "coupons"."percent_off" BETWEEN 1 AND 100 AND "coupons"."amount_off" IS NULL)
          OR ("coupons"."kind" = 'fixed' AND "coupons"."amount_off" > 0 AND "coupons"."percent_off" IS NULL)),
	CONSTRAINT "coupons_duration_shape" CHECK (("coupons"."duration" = 'repeating') = ("coupons"."duration_renewals" IS NOT NULL AND "coupons"."duration_renewals" > 0)),
	CONSTRAINT "coupons_limits" CHECK (("coupons"."max_redemptions" IS NULL OR "coupons"."max_redemptions" > 0) AND "coupons"."per_member_limit" > 0
          AND "coupons"."redemption_count" >= 0 AND ("coupons"."max_redemptions" IS NULL OR "coupons"."redemption_count" <= "coupons"."max_redemptions")),
	CONSTRAINT "coupons_window" CHECK ("coupons"."valid_from" IS NULL OR "coupons"."valid_until" IS NULL OR "coupons"."valid_from" < "coupons"."valid_until")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree (upper("code"));
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" integer NOT NULL REFERENCES "coupons"("id") ON DELETE restrict,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"kind" "coupon_redemption_kind" NOT NULL,
	"billing_id" uuid NOT NULL,
	"order_id" uuid,
	"list_amount" bigint NOT NULL,
	"discount_amount" bigint NOT NULL,
	"charged_amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_priced" CHECK ("coupon_redemptions"."discount_amount" > 0 AND "coupon_redemptions"."charged_amount" >= 0 AND "coupon_redemptions"."charged_amount" <= "coupon_redemptions"."list_amount" - "coupon_redemptions"."discount_amount")
);
--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("coupon_id","created_at");
--> statement-breakpoint
CREATE INDEX "coupon_redemptions_user_idx" ON "coupon_redemptions" USING btree ("user_id","coupon_id");
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "coupon_id" integer REFERENCES "coupons"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "coupon_renewals_left" integer;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_coupon_renewals" CHECK ("subscriptions"."coupon_renewals_left" IS NULL OR "subscriptions"."coupon_renewals_left" >= 0);
