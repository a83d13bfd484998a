-- The coupon code the kept cart was ordered with at sign-up, so the dashboard's cart shows it
-- applied and an order made from that cart is priced with it (null: no code).
ALTER TABLE "member_carts" ADD COLUMN "coupon_code" text;
