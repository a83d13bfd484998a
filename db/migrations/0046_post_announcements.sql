-- Posts announced in a Telegram channel. The channel (one for the site, set in the back office
-- once the bot is found to be an administrator there who can post) is a single row. A post
-- chooses to be announced (blog.announce_telegram); publishing it queues one announcement row,
-- keyed by the post, so two instances or a second publication never queue it twice. The row goes
-- pending → sending (just before the call) → sent, with Telegram's message id, or failed.
CREATE TYPE "public"."post_announcement_status" AS ENUM('pending', 'sending', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "announcement_channel" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"chat_id" bigint NOT NULL,
	"title" text NOT NULL,
	"username" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_channel_one_row" CHECK ("announcement_channel"."id")
);--> statement-breakpoint
CREATE TABLE "post_announcements" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"status" "post_announcement_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"chat_id" bigint,
	"message_id" integer,
	"message_url" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "blog" ADD COLUMN "announce_telegram" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "announcement_channel" ADD CONSTRAINT "announcement_channel_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_announcements" ADD CONSTRAINT "post_announcements_post_id_blog_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_announcements_due_idx" ON "post_announcements" USING btree ("next_attempt_at") WHERE "post_announcements"."status" IN ('pending', 'sending');
