-- A code's use is its billing row (decision 156): the row already carries the member, the date,
-- the list amount, the discount, the code's text and what was charged; it now names the code
-- (its id: a code can be renamed before its first use) and whether it was a purchase (counted
-- against the code's limits) or a renewal the code's rule discounted (not counted). A purchase
-- with a code writes no second row, with its three index entries and two foreign-key checks.
ALTER TYPE "public"."coupon_redemption_kind" RENAME TO "coupon_use_kind";--> statement-breakpoint
ALTER TABLE "billing_history" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "billing_history" ADD COLUMN "coupon_use" "coupon_use_kind";--> statement-breakpoint
-- Every use so far, from the row that recorded it, onto the billing row it named.
UPDATE "billing_history" b
   SET "coupon_id" = r."coupon_id", "coupon_use" = r."kind"
  FROM "coupon_redemptions" r
 WHERE r."billing_id" = b."id";--> statement-breakpoint
ALTER TABLE "billing_history" ADD CONSTRAINT "billing_coupon_use" CHECK (("billing_history"."coupon_id" IS NULL) = ("billing_history"."coupon_use" IS NULL) AND ("billing_history"."coupon_id" IS NULL OR "billing_history"."discount_amount" > 0));--> statement-breakpoint
-- One partial index for a code's uses by date: the code's page, its counts and sums, the
-- overview's figures per code. It replaces the overview's index of coupon rows by date, so a
-- purchase with a code still writes one index entry for it.
DROP INDEX IF EXISTS "billing_coupon_issue_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "billing_coupon_use_idx" ON "billing_history" USING btree ("coupon_id","issue_date") WHERE "billing_history"."coupon_id" IS NOT NULL;--> statement-breakpoint
DROP TABLE "coupon_redemptions";--> statement-breakpoint
-- A used code cannot be deleted: its uses are the members' history and the site's revenue. The
-- use rows' foreign key (ON DELETE RESTRICT) said so; billing rows carry no foreign key to the
-- code (it would cost every purchase with a code a trigger and a lock on the code's row), so a
-- deletion checks instead. The site deletes no code; this guards a deletion by hand.
CREATE OR REPLACE FUNCTION coupons_keep_used() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM billing_history WHERE coupon_id = OLD.id) THEN
    RAISE EXCEPTION 'coupon % has been used: its uses are billing rows and it cannot be deleted', OLD.code
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER coupons_keep_used BEFORE DELETE ON coupons FOR EACH ROW EXECUTE FUNCTION coupons_keep_used();--> statement-breakpoint
-- A purchase's write statement no longer writes a use row: its checks name the parts it writes.
CREATE OR REPLACE FUNCTION purchase_checked(
  written integer[], expected integer[], ended integer, ended_expected integer,
  after bigint, after_expected bigint, counts boolean, counted integer
) RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF ended IS DISTINCT FROM ended_expected THEN
    RAISE EXCEPTION 'purchase: expected to end % replaced subscriptions, ended %', ended_expected, ended
      USING ERRCODE = 'MP001';
  END IF;
  IF counts AND counted IS DISTINCT FROM 1 THEN
    RAISE EXCEPTION 'purchase: the code''s use was not counted' USING ERRCODE = 'MP002';
  END IF;
  IF written IS DISTINCT FROM expected THEN
    RAISE EXCEPTION 'purchase: expected % subscriptions and one of each other row, wrote % (subscriptions, bills, notes, requests, ledger; expected %)',
      expected[1], written, expected
      USING ERRCODE = 'MP003';
  END IF;
  IF after IS DISTINCT FROM after_expected THEN
    RAISE EXCEPTION 'purchase: the ledger left %, not the % already recorded', after, after_expected
      USING ERRCODE = 'MP003';
  END IF;
  RETURN after;
END;
$$;
