-- The deletion trigger's refusal names both things that keep a used code: a bill of its use, or a
-- subscription whose renewals it discounts. It said "its uses are billing rows" even when only a
-- subscription named the code (a row written by hand), which sent whoever read it to the wrong table.
CREATE OR REPLACE FUNCTION coupons_keep_used() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM billing_history WHERE coupon_id = OLD.id) THEN
    RAISE EXCEPTION 'coupon % has been used: a bill names it, so it cannot be deleted', OLD.code
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM subscriptions WHERE coupon_id = OLD.id) THEN
    RAISE EXCEPTION 'coupon % discounts a subscription''s renewals, so it cannot be deleted', OLD.code
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END;
$$;
