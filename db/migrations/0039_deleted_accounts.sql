-- The member list's "deleted" filter reads the few deleted accounts through this partial index,
-- as the "banned" filter does.
CREATE INDEX "user_deleted_idx" ON "user" USING btree ("id") WHERE "user"."deleted_at" IS NOT NULL;--> statement-breakpoint
-- Notifications queued for an account after it was deleted (a late deposit's) were sent to its
-- placeholder address and listed as failed deliveries; a deletion erases them, and so does this.
DELETE FROM "notifications" n USING "user" u WHERE u."id" = n."user_id" AND u."deleted_at" IS NOT NULL;
