-- The member list's "banned" filter reads the few banned accounts through this partial index
-- instead of every account.
CREATE INDEX "user_banned_idx" ON "user" USING btree ("id") WHERE "user"."banned" = true;
