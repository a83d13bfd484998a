import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema.ts";
import { enforceRateLimit } from "../../security/rate-limit.ts";
import { limitAuthAttempt } from "../accounts/limits.ts";
import { getAuth } from "../core/auth.ts";
import { EMAIL_AUTH_MESSAGES } from "./email-auth-messages.ts";
import { sendSignInCodeRefusedEmail } from "./send-sign-in-code-email.ts";

/** "Resend code" waits this long after the last code for the address. */
export const SIGN_IN_CODE_RESEND_SECONDS = 60;

/**
 * "Email me a sign-in code" (/signin/code): a 6-digit code for the address, one a minute at
 * most. The answer is the same whether or not an account uses the address, and no account is
 * ever opened. A code goes only to a verified address (signing in with a code at an
 * unverified one would make Better Auth drop the member's password as unproven) and not to an
 * account with two-factor on (a code from the mailbox must not skip the second factor): that
 * mailbox is told to sign in with the password and second factor instead.
 */
export async function requestSignInCode(options: { db: Db; email: string; clientIp: string }) {
  const { db, clientIp } = options;
  const email = options.email.trim().toLowerCase();
  await enforceRateLimit({
    db,
    key: `sign-in-code:resend:${email}`,
    limit: 1,
    windowSeconds: SIGN_IN_CODE_RESEND_SECONDS,
    message: EMAIL_AUTH_MESSAGES.resendTooSoon,
  });
  await limitAuthAttempt({ db, action: "sign-in-code", clientIp, email });
  const [member] = await db
    .select({ emailVerified: user.emailVerified, twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`);
  if (!member?.emailVerified) return;
  if (member.twoFactorEnabled) return sendSignInCodeRefusedEmail({ to: email });
  await getAuth().api.sendVerificationOTP({ body: { email, type: "sign-in" } });
}
