-- A subscription names the code whose rule discounts its renewals (coupon_id). Its foreign key
-- made each purchase with a code that discounts renewals (every renewal, or N of them) check the
-- code's row and lock it (FOR KEY SHARE) in its write: purchases with a popular code at once each
-- rewrote the row's lock word and made a new multixact of all its lockers, the cost the bills'
-- key was dropped for (decision 156) and the code's gate avoids (decision 158). A code that
-- discounts a subscription has been used, so the deletion trigger already refuses it; it now
-- looks at subscriptions too, for a row written by hand. ON DELETE SET NULL never ran: the site
-- deletes no code, and the trigger refuses deleting a used one.
ALTER TABLE "subscriptions" DROP CONSTRAINT IF EXISTS "subscriptions_coupon_id_fkey";--> statement-breakpoint
CREATE OR REPLACE FUNCTION coupons_keep_used() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM billing_history WHERE coupon_id = OLD.id)
     OR EXISTS (SELECT 1 FROM subscriptions WHERE coupon_id = OLD.id) THEN
    RAISE EXCEPTION 'coupon % has been used: its uses are billing rows and it cannot be deleted', OLD.code
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END;
$$;
