-- The back office's Posts section. A post's status is read from its columns:
-- archived (archived_at set), published (published), scheduled (scheduled_at set), else a draft.
-- `published` stays the one flag every public read checks, so archived and scheduled posts are
-- off /blog, the feed and the sitemap without any reader knowing about them.
ALTER TABLE "blog" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog" ADD COLUMN "social_image" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Publishing (here or in psql) clears a schedule and an archive, so the states never overlap.
CREATE OR REPLACE FUNCTION set_blog_published_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.published THEN
    NEW.scheduled_at := NULL;
    NEW.archived_at := NULL;
    IF NEW.published_at IS NULL THEN
      NEW.published_at := now();
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
ALTER TABLE "blog" ADD CONSTRAINT "blog_status_shape" CHECK (
  NOT ("blog"."published" AND ("blog"."scheduled_at" IS NOT NULL OR "blog"."archived_at" IS NOT NULL))
  AND NOT ("blog"."scheduled_at" IS NOT NULL AND "blog"."archived_at" IS NOT NULL));--> statement-breakpoint
CREATE INDEX "blog_scheduled_idx" ON "blog" USING btree ("scheduled_at") WHERE "blog"."scheduled_at" IS NOT NULL;--> statement-breakpoint
-- A published post's old address keeps working: /blog/<old slug> answers 301 to the post's
-- current slug. Pointing at the post (not at the next slug) collapses chains.
CREATE TABLE "blog_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_redirects_slug_format" CHECK ("blog_redirects"."old_slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
ALTER TABLE "blog_redirects" ADD CONSTRAINT "blog_redirects_post_id_blog_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_redirects_post_idx" ON "blog_redirects" USING btree ("post_id");--> statement-breakpoint
CREATE TRIGGER blog_redirects_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_redirects"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
-- The editor's preview: what the editor holds (saved or not), cleaned, kept a day for the
-- preview tab to render (and reload) through the public page's components.
CREATE TABLE "blog_previews" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" integer,
	"created_by" text NOT NULL,
	"post" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_previews" ADD CONSTRAINT "blog_previews_post_id_blog_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_previews_created_idx" ON "blog_previews" USING btree ("created_at");
