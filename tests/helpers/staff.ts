import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { StaffRole } from "~/lib/staff-roles";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import type { Db } from "#server/db/client";
import { session, user } from "#server/db/schema";

const cookieFrom = (h: Headers) =>
  h
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/**
 * A signed-up, signed-in account for back-office tests, left as `npm run ops -- staff add` and
 * the two-factor set-up leave it: the role (`null`: a plain member), a verified address and
 * two-factor on and a session signed in with it (`twoFactor: false` to test the guard). Each call uses its own client address,
 * so the sign-up limit per address stays out of the way. `cookie` is its session.
 */
export async function signUpStaff(db: Db, role: StaffRole | null, options: { twoFactor?: boolean } = {}) {
  const tag = crypto.randomBytes(4).toString("hex");
  const ip = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
  const email = `staff-${tag}@example.com`;
  const result = await signUpMember({
    db,
    input: {
      firstName: "Sam",
      lastName: "Staff",
      email,
      password: "Analytical1",
      telegram: `sam_${tag}`,
      acceptTerms: true,
      acceptRisk: true,
    },
    clientIp: ip,
    headers: new Headers({ "x-client-ip": ip }),
  });
  await db
    .update(user)
    .set({ role: role ?? "user", emailVerified: true, twoFactorEnabled: options.twoFactor ?? true })
    .where(eq(user.id, result.userId));
  // Its one session, as a sign-in that passed the second factor leaves it (the guard asks for that).
  await db
    .update(session)
    .set({ secondFactor: options.twoFactor ?? true })
    .where(eq(session.userId, result.userId));
  return { userId: result.userId, email, cookie: cookieFrom(result.headers) };
}
