-- The checks of a purchase's write statement, made inside the statement so that the commit can be
-- sent with it in one round trip: a failed check fails the statement, and the COMMIT behind it
-- then answers ROLLBACK. Each kind of failure has its own SQLSTATE, which the site maps back:
--   MP001  a replaced subscription was no longer active (a stale read: the purchase runs again)
--   MP002  the code's use was not counted (the code changed or was used up: counted again first)
--   MP003  a row too few or too many, or a ledger balance other than the one already recorded
-- `written` and `expected` are the row counts per part; `after` and `after_expected` are null when
-- nothing was charged; `counts` says whether a use was counted. The statement passes `counted`
-- last: arguments are read in order, and the code's row is locked by that count, so as late as
-- the statement allows. Returns the balance after.
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
    RAISE EXCEPTION 'purchase: expected % subscriptions and one of each other row, wrote % (subscriptions, bills, notes, requests, ledger, redeemed; expected %)',
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
