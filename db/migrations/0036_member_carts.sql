-- A member's plan cart, kept with the account (one row per member) so the plans chosen before
-- sign-up are still there after the email is confirmed in another tab or a later sign-in.
CREATE TABLE "member_carts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"plan_ids" integer[] NOT NULL,
	"billing_period" "billing_period" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_carts" ADD CONSTRAINT "member_carts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
