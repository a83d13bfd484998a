-- The back office's member list at scale: sorting by balance, and the subscription filters
-- (active, lapsed, a plan) and the list's active plans per member, read by member id and status
-- (the one-active-per-plan index only holds active rows, so "had any subscription" had none).
CREATE INDEX "profiles_balance_idx" ON "profiles" USING btree ("balance","id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_status_idx" ON "subscriptions" USING btree ("user_id","status");
