-- A session records whether its own sign-in passed a second factor (app code, backup code or
-- passkey): the back office opens only for such a session. Sessions opened before this change
-- did not record it, so staff sign in again once.
ALTER TABLE "session" ADD COLUMN "second_factor" boolean DEFAULT false NOT NULL;
