-- A change a member scheduled for their next renewal (a smaller plan, a shorter period): the
-- renewal switches the subscription to it and charges its price; until then the member keeps what
-- they have and can undo it. Both columns are set together or not at all.
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_plan_id" integer REFERENCES "pricing"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_billing_period" "billing_period";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_at" timestamp with time zone;
