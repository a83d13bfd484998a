import { eq, sql } from "drizzle-orm";
import type { SignUpInput } from "~/lib/validation/auth/auth";
import type { Db } from "../../db/client.ts";
import { profiles, user } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { getLogger } from "../../lib/logger.ts";
import { generateWallet } from "../../wallet/generate-wallet.ts";
import { fromAuthError } from "../core/auth-errors.ts";
import { getAuth } from "../core/auth.ts";
import { limitAuthAttempt } from "./limits.ts";

export const DUPLICATE_EMAIL = "An account with this email already exists. Please sign in instead.";

/**
 * Opens an account from /join/details: the Better Auth user (with its credential and first
 * session) and the member's profile. If the profile cannot be written the user is deleted
 * again, so a sign-up leaves a whole member or nothing. The deposit wallet is generated right
 * after; a failure there is logged and the wallet job retries it (never blocks sign-up).
 * Returns the Set-Cookie headers of the new session.
 */
export async function signUpMember(options: { db: Db; input: SignUpInput; clientIp: string; headers: Headers }) {
  const { db, input } = options;
  await limitAuthAttempt({ db, action: "sign-up", clientIp: options.clientIp, email: input.email });
  const email = input.email.toLowerCase();
  const [existing] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`);
  // `accountExists` lets the form offer sign-in beside the message.
  if (existing) throw new AppError("CONFLICT", DUPLICATE_EMAIL, { answer: { accountExists: true } });

  let created: { headers: Headers; userId: string };
  try {
    const result = await getAuth().api.signUpEmail({
      body: { name: `${input.firstName} ${input.lastName}`, email, password: input.password },
      headers: options.headers,
      returnHeaders: true,
    });
    created = { headers: result.headers, userId: result.response.user.id };
  } catch (error) {
    fromAuthError(error, { code: "VALIDATION", message: "An error occurred during sign up" });
  }

  try {
    await db.insert(profiles).values({
      id: created.userId,
      firstName: input.firstName,
      lastName: input.lastName,
      telegramUsername: input.telegram,
    });
  } catch (error) {
    // Compensate: a user without a profile must not remain (cascade removes session and account).
    await db.delete(user).where(eq(user.id, created.userId));
    getLogger().error({ err: error }, "sign-up: profile insert failed; account removed");
    throw new AppError("UNAVAILABLE", "An error occurred during sign up");
  }

  try {
    await generateWallet({ db, profileId: created.userId });
  } catch (error) {
    getLogger().warn(
      { err: (error as Error).message, profile: created.userId },
      "sign-up: wallet generation failed; the wallet job will retry",
    );
  }
  return { userId: created.userId, headers: created.headers };
}
