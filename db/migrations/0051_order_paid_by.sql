-- The credit that paid an order (the ledger reference of a deposit, a card payment or a credit
-- from our team), so the order's page and its message say what arrived as well as what it paid.
ALTER TABLE "orders" ADD COLUMN "paid_by_reference" text;
