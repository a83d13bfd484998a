-- The back office's reads at 100 000 members, each answered from an index instead of a pass over
-- a large table:
-- * active members and each member's earliest active subscription (the overview's count and its
--   per-day chart): index-only, in member order;
CREATE INDEX IF NOT EXISTS "subscriptions_active_start_idx" ON "subscriptions" USING btree ("user_id", "start_date") WHERE "status" = 'active';
--> statement-breakpoint
-- * MRR and churn: the paid recurring subscriptions that are active, with what pricing them needs;
CREATE INDEX IF NOT EXISTS "subscriptions_paid_recurring_idx" ON "subscriptions" USING btree ("start_date") INCLUDE ("plan_id", "billing_period", "next_billing_date") WHERE "status" = 'active' AND NOT "complimentary" AND "billing_period" <> 'lifetime';
--> statement-breakpoint
-- * lifetime sales: the sold (not granted) lifetime subscriptions, merged in order with the paid
--   invoices of their checkouts (same member, same instant);
DROP INDEX IF EXISTS "subscriptions_lifetime_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscriptions_lifetime_sold_idx" ON "subscriptions" USING btree ("user_id", "start_date") WHERE "billing_period" = 'lifetime' AND NOT "complimentary";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "billing_paid_user_issue_idx" ON "billing_history" USING btree ("user_id", "issue_date") INCLUDE ("id") WHERE "status" = 'paid';
--> statement-breakpoint
-- * the member list by sign-up date: a deep page skips its offset in the index alone (the id is
--   the list's tie-break), then reads its 50 rows.
DROP INDEX IF EXISTS "profiles_created_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_created_idx" ON "profiles" USING btree ("created_at", "id");
