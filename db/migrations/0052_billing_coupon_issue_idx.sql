-- The overview's coupon figures read the paid rows a code took something off, by issue date, over
-- the last 60 days. Few rows carry a code, so a partial index on them keeps that read an index
-- range however long the billing history grows.
CREATE INDEX IF NOT EXISTS "billing_coupon_issue_idx" ON "billing_history" ("issue_date")
  WHERE "status" = 'paid' AND "coupon_code" IS NOT NULL;
