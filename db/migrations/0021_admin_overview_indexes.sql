-- The back office's overview counts from the subscriptions themselves. Two of its questions have
-- no index yet: subscriptions that ended since a date (churn, active members per day), found by
-- updated_at, the moment a subscription left 'active'; and the lifetime sales, matched to their
-- checkout by member and start date.
CREATE INDEX IF NOT EXISTS "subscriptions_ended_idx" ON "subscriptions" USING btree ("updated_at") WHERE "status" <> 'active';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscriptions_lifetime_idx" ON "subscriptions" USING btree ("user_id", "start_date") WHERE "billing_period" = 'lifetime';
