-- Free trials. A plan offers trial_days (0: none, at most 90). A trial is an active subscription
-- whose first due date is the trial's end (trial_ends_at, kept afterwards; trial_converted_at
-- when its first charge made it paid). trial_claims keeps who has had each plan's trial — the
-- account, the verified email's and the Telegram id's digests — so each has it once, races too.
ALTER TABLE "pricing" ADD COLUMN "trial_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pricing" ADD CONSTRAINT "pricing_trial_days_range" CHECK ("pricing"."trial_days" BETWEEN 0 AND 90);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_converted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "subscriptions_trial_start_idx" ON "subscriptions" USING btree ("start_date") WHERE "subscriptions"."trial_ends_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "trial_claims" (
	"plan_id" integer NOT NULL,
	"identity" text NOT NULL,
	"user_id" text,
	"subscription_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_claims_plan_id_identity_pk" PRIMARY KEY("plan_id","identity")
);--> statement-breakpoint
ALTER TABLE "trial_claims" ADD CONSTRAINT "trial_claims_plan_id_pricing_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."pricing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_claims" ADD CONSTRAINT "trial_claims_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trial_claims_user_idx" ON "trial_claims" USING btree ("user_id");
