-- The member's billing history reads like a statement: each billing row names the ledger entry it
-- describes (so the amount and the balance after it come from the ledger), the order a purchase
-- completed (so a paid order is one row, not two), and for purchases and renewals what the
-- receipt lists: the plans, the billing period and the dates the charge covers.
ALTER TABLE "billing_history" ADD COLUMN "ledger_reference" text;
--> statement-breakpoint
ALTER TABLE "billing_history" ADD COLUMN "order_id" uuid;
--> statement-breakpoint
ALTER TABLE "billing_history" ADD COLUMN "plan_names" text[];
--> statement-breakpoint
ALTER TABLE "billing_history" ADD COLUMN "billing_period" "billing_period";
--> statement-breakpoint
ALTER TABLE "billing_history" ADD COLUMN "period_start" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "billing_history" ADD COLUMN "period_end" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "billing_history" ADD CONSTRAINT "billing_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_ledger_reference_idx" ON "billing_history" USING btree ("ledger_reference");
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_order_idx" ON "billing_history" USING btree ("order_id");
--> statement-breakpoint
-- Rows written before this migration: each is matched to its ledger entry by what the writer
-- put in both in the same transaction. A purchase's entry is named after the row's id; a
-- deposit's after its transaction and event index (the last parts of its DEP- or SIM- invoice id); a
-- renewal's memo is the row's description; a card credit and an operator's credit share the
-- transaction's now(). One row per entry and one entry per row, the earliest first.
WITH candidates AS (
  SELECT b.id AS billing_id, l.reference, b.issue_date
  FROM billing_history b
  JOIN ledger_entries l ON l.user_id = b.user_id
  WHERE l.reference = 'purchase:' || b.id::text
     OR (l.kind::text = 'deposit' AND b.tx_hash IS NOT NULL
         AND l.reference = 'tron:' || b.tx_hash || ':' || split_part(b.invoice_id, '-', 3))
     OR (l.kind::text = 'deposit' AND b.invoice_id LIKE 'SIM-%' AND l.amount = b.total_amount
         AND l.reference LIKE 'simulated:%' AND split_part(l.reference, ':', 3) = split_part(b.invoice_id, '-', 3)
         AND upper(substr(split_part(l.reference, ':', 2), 1, 10)) = split_part(b.invoice_id, '-', 2))
     OR (l.kind::text = 'renewal' AND b.status = 'paid' AND l.memo = b.description AND l.amount = -b.total_amount)
     OR (l.kind::text = 'card' AND l.amount = b.total_amount AND b.invoice_id LIKE 'CARD-%' AND l.created_at = b.issue_date)
     OR (l.kind::text = 'adjustment' AND l.amount = b.total_amount AND b.invoice_id LIKE 'ADJ-%' AND l.created_at = b.issue_date)
), one_per_reference AS (
  SELECT DISTINCT ON (reference) billing_id, reference, issue_date FROM candidates ORDER BY reference, issue_date, billing_id
), one_per_row AS (
  SELECT DISTINCT ON (billing_id) billing_id, reference FROM one_per_reference ORDER BY billing_id, issue_date, reference
)
UPDATE billing_history b SET ledger_reference = m.reference FROM one_per_row m WHERE b.id = m.billing_id;
--> statement-breakpoint
-- A paid order's purchase was written with the order's closing time as its issue date.
WITH one_per_order AS (
  SELECT DISTINCT ON (o.id) o.id AS order_id, b.id AS billing_id
  FROM orders o
  JOIN billing_history b ON b.user_id = o.user_id AND b.issue_date = o.closed_at AND b.total_amount = o.total_amount
  WHERE o.status = 'paid' AND b.ledger_reference LIKE 'purchase:%'
  ORDER BY o.id, b.id
), matches AS (
  SELECT DISTINCT ON (billing_id) order_id, billing_id FROM one_per_order ORDER BY billing_id, order_id
)
UPDATE billing_history b SET order_id = m.order_id FROM matches m WHERE b.id = m.billing_id;
--> statement-breakpoint
-- The billing period of older purchases and renewals, from the description their writer formed.
UPDATE billing_history SET billing_period = (substring(description from '\((monthly|quarterly|lifetime)[,)]'))::billing_period
WHERE billing_period IS NULL AND payment_type = 'USDT Balance' AND description ~ '\((monthly|quarterly|lifetime)[,)]';
