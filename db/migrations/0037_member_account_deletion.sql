-- A member can delete their own account. The row stays (the ledger, invoices and chain deposits
-- reference it and must keep their amounts), emptied of personal data and marked here.
ALTER TABLE "user" ADD COLUMN "deleted_at" timestamp with time zone;
