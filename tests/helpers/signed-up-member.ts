import { signUpMember } from "#server/auth/accounts/sign-up-member";
import type { Db } from "#server/db/client";
import { cookieFrom } from "./email-outbox";
import { PASSWORD } from "./two-factor-browser";

/**
 * An account signed up as the sign-up form does it (password PASSWORD, one session), and its
 * browser: `cookie` is its session, `headers` that cookie with the client address it signed up
 * from. Better Auth writes to the process's database: the suite calls useProcessDatabase. Give
 * each call its own `ip`, so the sign-up limit per address stays out of the way.
 */
export async function signUpWithPassword(
  db: Db,
  options: { firstName: string; lastName?: string; email: string; telegram: string; ip: string },
) {
  const { email, ip } = options;
  const result = await signUpMember({
    db,
    input: {
      firstName: options.firstName,
      lastName: options.lastName ?? "Tester",
      email,
      password: PASSWORD,
      telegram: options.telegram,
      acceptTerms: true,
      acceptRisk: true,
    },
    clientIp: ip,
    headers: new Headers({ "x-client-ip": ip }),
  });
  const cookie = cookieFrom(result.headers);
  return { userId: result.userId, email, cookie, headers: new Headers({ cookie, "x-client-ip": ip }) };
}
