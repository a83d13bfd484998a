-- Public pages are cached in each server's memory. Any change to what they show (plans,
-- results, blog posts) notifies every server listening on "content_changed", whoever made it:
-- the site, an operator in psql, a script. Statement-level, so a bulk edit sends one notice.
CREATE OR REPLACE FUNCTION notify_content_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER pricing_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pricing"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER results_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "results"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER blog_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
