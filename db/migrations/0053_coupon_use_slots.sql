-- A limited code's remaining purchases split across a few rows (slots), so purchases with one
-- popular limited code count their uses on different rows. Each code with a limit gets its slots
-- at once: up to 8, their quotas adding up to its limit less its count so far.
CREATE TABLE "coupon_use_slots" (
	"coupon_id" integer NOT NULL,
	"slot" integer NOT NULL,
	"quota" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coupon_use_slots_coupon_id_slot_pk" PRIMARY KEY("coupon_id","slot"),
	CONSTRAINT "coupon_use_slots_uses" CHECK ("coupon_use_slots"."uses" >= 0 AND "coupon_use_slots"."uses" <= "coupon_use_slots"."quota")
);--> statement-breakpoint
ALTER TABLE "coupon_use_slots" ADD CONSTRAINT "coupon_use_slots_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "coupon_use_slots" ("coupon_id", "slot", "quota")
SELECT c.id, s.slot, (c.max_redemptions - c.redemption_count) / n.slots
         + CASE WHEN s.slot < (c.max_redemptions - c.redemption_count) % n.slots THEN 1 ELSE 0 END
  FROM "coupons" c
 CROSS JOIN LATERAL (SELECT least(8, c.max_redemptions - c.redemption_count) AS slots) n
 CROSS JOIN LATERAL generate_series(0, n.slots - 1) AS s(slot)
 WHERE c.max_redemptions IS NOT NULL AND c.max_redemptions > c.redemption_count;
