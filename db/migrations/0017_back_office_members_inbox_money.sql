-- Back office II: member notes, the support inbox (status, assignment, thread, staff alerts),
-- complimentary subscriptions, recorded job runs, uncredited transfers, Telegram delivery state
-- of notifications, and indexes for the member list and the ledger explorer.
CREATE TABLE "contact_thread_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"kind" text NOT NULL,
	"author_id" text,
	"author_label" text NOT NULL,
	"body" text NOT NULL,
	"email_sent_at" timestamp with time zone,
	"email_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_thread_entries_kind" CHECK ("contact_thread_entries"."kind" IN ('reply', 'note'))
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"ok" boolean,
	"result" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "member_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"author_id" text,
	"author_label" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uncredited_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx_id" text NOT NULL,
	"event_index" integer NOT NULL,
	"user_id" text,
	"to_address" text NOT NULL,
	"from_address" text,
	"token_contract" text,
	"amount" bigint,
	"reason" text NOT NULL,
	"block_timestamp" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "user_id" text;
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "assigned_to" text;
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "alert_sent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "alert_attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "complimentary" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "telegram_status" text;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "telegram_error" text;
--> statement-breakpoint
ALTER TABLE "contact_thread_entries" ADD CONSTRAINT "contact_thread_entries_submission_id_contact_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contact_thread_entries" ADD CONSTRAINT "contact_thread_entries_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "uncredited_transfers" ADD CONSTRAINT "uncredited_transfers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "contact_thread_entries_submission_idx" ON "contact_thread_entries" USING btree ("submission_id","created_at");
--> statement-breakpoint
CREATE INDEX "contact_thread_entries_outbox_idx" ON "contact_thread_entries" USING btree ("next_attempt_at") WHERE "contact_thread_entries"."kind" = 'reply' AND "contact_thread_entries"."email_sent_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "job_runs_job_started_idx" ON "job_runs" USING btree ("job","started_at");
--> statement-breakpoint
CREATE INDEX "member_notes_user_idx" ON "member_notes" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "uncredited_transfers_tx_event_unique" ON "uncredited_transfers" USING btree ("tx_id","event_index");
--> statement-breakpoint
CREATE INDEX "uncredited_transfers_seen_idx" ON "uncredited_transfers" USING btree ("created_at");
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_assigned_to_user_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "chain_deposits_user_idx" ON "chain_deposits" USING btree ("user_id","block_timestamp");
--> statement-breakpoint
CREATE INDEX "contact_submissions_status_idx" ON "contact_submissions" USING btree ("status","created_at");
--> statement-breakpoint
CREATE INDEX "contact_submissions_email_idx" ON "contact_submissions" USING btree (lower("email"));
--> statement-breakpoint
CREATE INDEX "contact_submissions_user_idx" ON "contact_submissions" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "ledger_kind_created_idx" ON "ledger_entries" USING btree ("kind","created_at");
--> statement-breakpoint
CREATE INDEX "ledger_created_idx" ON "ledger_entries" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "profiles_created_idx" ON "profiles" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_status" CHECK ("contact_submissions"."status" IN ('new', 'open', 'answered', 'closed'));
