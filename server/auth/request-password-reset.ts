import type { Db } from "../db/client.ts";
import { getAuth } from "./auth.ts";
import { limitAuthAttempt } from "./limits.ts";

/**
 * Sends the reset link when the address has an account; answers the same either way (the
 * caller shows one success message), so the form cannot be used to probe for members.
 */
export async function requestPasswordReset(options: { db: Db; email: string; clientIp: string; siteUrl: string }) {
  await limitAuthAttempt({ db: options.db, action: "forgot-password", clientIp: options.clientIp, email: options.email });
  await getAuth().api.requestPasswordReset({
    body: { email: options.email.trim().toLowerCase(), redirectTo: `${options.siteUrl}/reset-password` },
  });
}
