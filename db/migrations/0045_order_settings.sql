-- How long an order's prices are held and how long an unpaid order stays open, set by an owner in
-- the back office instead of fixed in the code: one row, starting at the values the code used
-- (24 hours, 7 days). Its bounds match the back office's form, so nothing outside it stores a
-- hold the order code cannot use.
CREATE TABLE "order_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"price_hold_hours" integer NOT NULL,
	"lifetime_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_settings_one_row" CHECK ("order_settings"."id" = 1),
	CONSTRAINT "order_settings_bounds" CHECK ("order_settings"."price_hold_hours" BETWEEN 1 AND 168 AND "order_settings"."lifetime_days" BETWEEN 1 AND 30 AND "order_settings"."price_hold_hours" <= "order_settings"."lifetime_days" * 24)
);--> statement-breakpoint
INSERT INTO "order_settings" ("id", "price_hold_hours", "lifetime_days") VALUES (1, 24, 7);
