import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { fromAuthError } from "../core/auth-errors.ts";
import { getAuth } from "../core/auth.ts";
import { EMAIL_AUTH_MESSAGES } from "./email-auth-messages.ts";
import { sendWatched } from "./email-send-watch.ts";

/**
 * "Resend" on the dashboard's verification banner: a new link to the member's own address
 * (the earlier one stops working). The route limits how often.
 */
export async function resendVerificationEmail(options: { db: Db; userId: string; headers: Headers }) {
  const [member] = await options.db
    .select({ email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, options.userId));
  if (!member) throw new AppError("NOT_FOUND", "Profile not found.");
  if (member.emailVerified) throw new AppError("CONFLICT", EMAIL_AUTH_MESSAGES.alreadyVerified);
  try {
    await sendWatched(() =>
      getAuth().api.sendVerificationEmail({ body: { email: member.email }, headers: options.headers }),
    );
  } catch (error) {
    fromAuthError(error, { code: "VALIDATION", message: "Failed to send the email. Please try again." });
  }
}
