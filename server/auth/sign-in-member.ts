import type { Db } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";
import { getAuth } from "./auth.ts";
import { limitAuthAttempt } from "./limits.ts";

export const INVALID_CREDENTIALS = "Invalid email or password";

/** Email + password sign-in; one answer for a wrong email and a wrong password. Returns Set-Cookie headers. */
export async function signInMember(options: { db: Db; email: string; password: string; clientIp: string; headers: Headers }) {
  await limitAuthAttempt({ db: options.db, action: "sign-in", clientIp: options.clientIp, email: options.email });
  try {
    const result = await getAuth().api.signInEmail({
      body: { email: options.email.trim().toLowerCase(), password: options.password },
      headers: options.headers,
      returnHeaders: true,
    });
    return { headers: result.headers, userId: result.response.user.id };
  } catch {
    throw new AppError("UNAUTHORIZED", INVALID_CREDENTIALS);
  }
}
