import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema.ts";
import { getAuth } from "../core/auth.ts";
import { limitAuthAttempt } from "./limits.ts";

/**
 * Sends the reset link when the address belongs to an account whose address is verified
 * (an unverified, perhaps mistyped, address must not be able to take the account);
 * answers the same in every case (the caller shows one success message), so the form cannot be
 * used to probe for members or for who has verified.
 */
export async function requestPasswordReset(options: { db: Db; email: string; clientIp: string; siteUrl: string }) {
  await limitAuthAttempt({
    db: options.db,
    action: "forgot-password",
    clientIp: options.clientIp,
    email: options.email,
  });
  const email = options.email.trim().toLowerCase();
  const [member] = await options.db
    .select({ emailVerified: user.emailVerified })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`);
  if (member && !member.emailVerified) return;
  await getAuth().api.requestPasswordReset({
    body: { email, redirectTo: `${options.siteUrl}/reset-password` },
  });
}
