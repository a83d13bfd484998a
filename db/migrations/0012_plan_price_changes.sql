CREATE TABLE "plan_price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"old_price" bigint NOT NULL,
	"new_price" bigint NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_price_changes_positive" CHECK ("plan_price_changes"."new_price" > 0 AND "plan_price_changes"."old_price" > 0)
);
--> statement-breakpoint
ALTER TABLE "plan_price_changes" ADD CONSTRAINT "plan_price_changes_plan_id_pricing_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."pricing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_price_changes_plan_effective_idx" ON "plan_price_changes" USING btree ("plan_id","effective_at");