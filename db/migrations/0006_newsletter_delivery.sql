CREATE TABLE "newsletter_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"skipped_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_post_id_blog_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_deliveries_post_subscriber" ON "newsletter_deliveries" USING btree ("post_id","subscriber_id");--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_due" ON "newsletter_deliveries" USING btree ("next_attempt_at") WHERE "newsletter_deliveries"."sent_at" is null and "newsletter_deliveries"."skipped_at" is null;--> statement-breakpoint
-- When a post first goes public, whoever publishes it (the site, an editor in psql): the
-- newsletter announces posts published after a subscriber confirmed. Unpublishing and publishing
-- again keeps the first time, so a post is never announced twice.
UPDATE "blog" SET "published_at" = "created_at" WHERE "published";
--> statement-breakpoint
-- Posts already public when this runs are not news to anyone: mark them as handled for every
-- current subscriber, so the first run after the deploy sends nothing old.
INSERT INTO "newsletter_deliveries" ("post_id", "subscriber_id", "skipped_at")
SELECT b."id", s."id", now() FROM "blog" b CROSS JOIN "newsletter_subscribers" s
WHERE b."published" AND s."confirmed_at" IS NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION set_blog_published_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.published AND NEW.published_at IS NULL THEN
    NEW.published_at := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER blog_published_at BEFORE INSERT OR UPDATE OF published ON "blog"
  FOR EACH ROW EXECUTE FUNCTION set_blog_published_at();
