-- A purchase priced with a code it read earlier (in its own first statement, or a read its
-- process kept) must not use the code once it has changed. Every change of any code raises the
-- version every plan row carries, after locking every plan row; a purchase with a code locks its
-- plans' rows for share and compares their versions with those read with the code. Every purchase
-- locks its plans' rows anyway (its subscription's foreign key): the check takes no lock more.
ALTER TABLE "pricing" ADD COLUMN "coupons_version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION raise_coupons_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- In id order, as a purchase locks its plans' rows: the two never wait for each other in a cycle.
  PERFORM 1 FROM pricing ORDER BY id FOR NO KEY UPDATE;
  UPDATE pricing SET coupons_version = coupons_version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER coupons_raise_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coupons"
  FOR EACH STATEMENT EXECUTE FUNCTION raise_coupons_version();
