import { isAPIError } from "better-auth/api";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { limitAuthAttempt } from "../accounts/limits.ts";
import { getAuth } from "../core/auth.ts";
import { withoutDeviceNotice } from "../sessions/device-notice-scope.ts";
import { EMAIL_AUTH_MESSAGES } from "./email-auth-messages.ts";

/**
 * The second step of /signin/code: the emailed code opens a session (Set-Cookie headers
 * returned). Better Auth keeps the code hashed, for 10 minutes, and refuses it after 5 wrong
 * tries (then even the right code: a new one must be asked for). Limited per client address
 * like the password step. A wrong, expired or never-sent code get one answer.
 */
export async function signInWithCode(options: {
  db: Db;
  email: string;
  code: string;
  clientIp: string;
  headers: Headers;
  /**
   * The caller ends the session at once (the portal proves the email this way): no device is
   * noted and no new-device email is sent for it.
   */
  transient?: boolean;
}) {
  const { db, clientIp } = options;
  const email = options.email.trim().toLowerCase();
  await limitAuthAttempt({ db, action: "sign-in", clientIp });
  const [member] = await db
    .select({ twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`);
  if (!member || member.twoFactorEnabled) throw new AppError("VALIDATION", EMAIL_AUTH_MESSAGES.invalidCode);
  try {
    const signIn = () =>
      getAuth().api.signInEmailOTP({
        body: { email, otp: options.code },
        headers: options.headers,
        returnHeaders: true,
      });
    const result = options.transient ? await withoutDeviceNotice({ signIn }) : await signIn();
    return { headers: result.headers, userId: result.response.user.id, sessionToken: result.response.token };
  } catch (error) {
    if (isAPIError(error) && (error.body as { code?: string } | undefined)?.code === "TOO_MANY_ATTEMPTS") {
      throw new AppError("FORBIDDEN", EMAIL_AUTH_MESSAGES.tooManyTries);
    }
    if (isAPIError(error) && error.statusCode < 500) throw new AppError("VALIDATION", EMAIL_AUTH_MESSAGES.invalidCode);
    throw error;
  }
}
