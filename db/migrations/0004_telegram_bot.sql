CREATE TABLE "plan_telegram_chats" (
	"plan_id" integer NOT NULL,
	"chat_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_telegram_chats_plan_id_chat_id_pk" PRIMARY KEY("plan_id","chat_id")
);
--> statement-breakpoint
CREATE TABLE "telegram_chat_members" (
	"chat_id" bigint NOT NULL,
	"telegram_user_id" bigint NOT NULL,
	"user_id" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_chat_members_chat_id_telegram_user_id_pk" PRIMARY KEY("chat_id","telegram_user_id")
);
--> statement-breakpoint
CREATE TABLE "telegram_invite_links" (
	"user_id" text NOT NULL,
	"chat_id" bigint NOT NULL,
	"invite_link" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_invite_links_user_id_chat_id_pk" PRIMARY KEY("user_id","chat_id")
);
--> statement-breakpoint
CREATE TABLE "telegram_notification_deliveries" (
	"notification_id" bigint PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_telegram_chats" ADD CONSTRAINT "plan_telegram_chats_plan_id_pricing_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."pricing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_chat_members" ADD CONSTRAINT "telegram_chat_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_invite_links" ADD CONSTRAINT "telegram_invite_links_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_notification_deliveries" ADD CONSTRAINT "telegram_notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_telegram_chats_chat_idx" ON "plan_telegram_chats" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "telegram_chat_members_user_idx" ON "telegram_chat_members" USING btree ("user_id");