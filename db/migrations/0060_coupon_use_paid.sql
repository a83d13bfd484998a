-- A code's use counted against its limits is a paid bill: a purchase writes its bill paid and no
-- bill is ever updated. Said here so that counting a member's uses may read their paid bills alone
-- (the index the purchase reads them by anyway), knowing no use is elsewhere.
ALTER TABLE "billing_history" ADD CONSTRAINT "billing_coupon_use_paid" CHECK ("coupon_use" IS DISTINCT FROM 'purchase' OR "status" = 'paid');
