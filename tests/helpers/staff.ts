import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { StaffRole } from "~/lib/staff-roles";
import type { Db } from "#server/db/client";
import { session, user } from "#server/db/schema";
import { signUpWithPassword } from "./signed-up-member";

/**
 * A signed-up, signed-in account for back-office tests, left as `npm run ops -- staff add` and
 * the two-factor set-up leave it: the role (`null`: a plain member), a verified address and
 * two-factor on and a session signed in with it (`twoFactor: false` to test the guard). Each call uses its own client address,
 * so the sign-up limit per address stays out of the way. `cookie` is its session.
 */
export async function signUpStaff(db: Db, role: StaffRole | null, options: { twoFactor?: boolean } = {}) {
  const tag = crypto.randomBytes(4).toString("hex");
  const ip = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
  const result = await signUpWithPassword(db, {
    firstName: "Sam",
    lastName: "Staff",
    email: `staff-${tag}@example.com`,
    telegram: `sam_${tag}`,
    ip,
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
  return { userId: result.userId, email: result.email, cookie: result.cookie };
}

/** An owner (who may open and send everything in the back office) and a plain member, each signed in. */
export async function signUpOwnerAndMember(db: Db) {
  return { owner: await signUpStaff(db, "owner"), member: await signUpStaff(db, null) };
}
