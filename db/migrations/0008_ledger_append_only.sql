-- The ledger is append-only: a balance is the sum of its ledger, so an
-- edited or deleted entry would silently rewrite history. Whoever tries it — the site, a script,
-- an operator in psql — gets this error; a wrong entry is corrected with a new `adjustment`
-- entry (npm run ops -- credit). TRUNCATE (owner only, and used by tests to empty a database)
-- and superusers who disable triggers are not stopped: this guards against mistakes and bugs.
CREATE OR REPLACE FUNCTION ledger_entries_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % of entry % refused; correct a balance with a new adjustment entry', TG_OP, OLD.id
    USING ERRCODE = 'integrity_constraint_violation',
          HINT = 'npm run ops -- credit --amount <signed USDT> records a correcting adjustment.';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
