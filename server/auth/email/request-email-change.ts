import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { fromAuthError } from "../core/auth-errors.ts";
import { getAuth } from "../core/auth.ts";
import { EMAIL_AUTH_MESSAGES } from "./email-auth-messages.ts";
import { sendWatched } from "./email-send-watch.ts";

/**
 * User Info → Email → edit: sends a confirmation link to the NEW address (Better Auth's
 * `changeEmail`); nothing changes until it is used (confirm-email-link.ts, which also tells the
 * old address). Only a verified address may be changed: otherwise a mistyped address could be
 * swapped for another without ever proving either. An address already taken by another
 * account gets the same answer and no email, so the form does not reveal who is a member.
 */
export async function requestEmailChange(options: { db: Db; userId: string; newEmail: string; headers: Headers }) {
  const newEmail = options.newEmail.trim().toLowerCase();
  const [member] = await options.db
    .select({ email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, options.userId));
  if (!member) throw new AppError("NOT_FOUND", "Profile not found.");
  if (!member.emailVerified) throw new AppError("FORBIDDEN", EMAIL_AUTH_MESSAGES.verifyFirst);
  if (member.email.toLowerCase() === newEmail) {
    throw new AppError("VALIDATION", EMAIL_AUTH_MESSAGES.sameEmail, {
      fieldErrors: { email: EMAIL_AUTH_MESSAGES.sameEmail },
    });
  }
  try {
    await sendWatched(() => getAuth().api.changeEmail({ body: { newEmail }, headers: options.headers }));
  } catch (error) {
    fromAuthError(error, { code: "VALIDATION", message: "Failed to send the email. Please try again." });
  }
  return { email: newEmail };
}
