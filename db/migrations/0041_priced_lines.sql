-- Priced lines: what a purchase, a renewal or an order charges, with what was taken off. The
-- amount charged (total_amount) is always the list price less a coupon's discount and less a
-- credit for the unused part of a replaced plan; the ledger moves only the amount charged.
ALTER TABLE "billing_history" ADD COLUMN "list_amount" bigint;
--> statement-breakpoint
ALTER TABLE "billing_history" ADD COLUMN "discount_amount" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "billing_history" ADD COLUMN "coupon_code" text;
--> statement-breakpoint
ALTER TABLE "billing_history" ADD COLUMN "credit_amount" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "billing_history" ADD COLUMN "lines" jsonb;
--> statement-breakpoint
-- Purchases and renewals written before: nothing was taken off, so the list price is what was charged.
UPDATE "billing_history" SET "list_amount" = "total_amount" WHERE "plan_names" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "billing_history" ADD CONSTRAINT "billing_priced" CHECK ("billing_history"."list_amount" IS NULL OR ("billing_history"."discount_amount" >= 0 AND "billing_history"."credit_amount" >= 0 AND "billing_history"."total_amount" = "billing_history"."list_amount" - "billing_history"."discount_amount" - "billing_history"."credit_amount"));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "list_amount" bigint;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_amount" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_amount" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lines" jsonb;
--> statement-breakpoint
UPDATE "orders" SET "list_amount" = "total_amount";
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "list_amount" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_priced" CHECK ("orders"."discount_amount" >= 0 AND "orders"."credit_amount" >= 0 AND "orders"."total_amount" = "orders"."list_amount" - "orders"."discount_amount" - "orders"."credit_amount");
