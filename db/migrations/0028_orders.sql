-- A cart becomes an order: its plans, billing period and total (priced by the one pricing module),
-- held for a while; it is purchased from the balance as soon as the balance covers it. One
-- pending order per member (a new cart replaces the old one), enforced by a partial unique index
-- so two instances creating orders at once cannot leave two.
CREATE TYPE "public"."order_status" AS ENUM('pending', 'paid', 'expired', 'cancelled');
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" "order_status" DEFAULT 'pending' NOT NULL,
	"plan_ids" integer[] NOT NULL,
	"billing_period" "billing_period" NOT NULL,
	"total_amount" bigint NOT NULL,
	"prices_held_until" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"repriced_at" timestamp with time zone,
	"problem" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_total_nonneg" CHECK ("orders"."total_amount" >= 0),
	CONSTRAINT "orders_has_plans" CHECK (cardinality("orders"."plan_ids") > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_pending_per_member" ON "orders" USING btree ("user_id") WHERE "orders"."status" = 'pending';
--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending';
