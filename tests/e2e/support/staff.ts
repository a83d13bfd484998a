import type { BrowserContext } from "@playwright/test";
import { eq } from "drizzle-orm";
import type { StaffRole } from "../../../app/lib/staff-roles.ts";
import { signInNewMember } from "./member";

type App = Parameters<typeof signInNewMember>[0] & {
  testing: { schema: typeof import("../../../server/db/schema.ts") };
};

/**
 * A signed-in account made staff the way `npm run ops -- staff add` and the two-factor set-up
 * leave it: the role, a verified address, two-factor on and a session signed in with it
 * (`twoFactor: false` to test the guard).
 * `role: null` leaves a plain member with a verified address (someone to promote).
 */
export async function signUpStaff(
  app: unknown,
  context: BrowserContext,
  role: StaffRole | null,
  options: { twoFactor?: boolean } = {},
) {
  const testApp = app as App;
  const person = await signInNewMember(testApp, context);
  const { db } = testApp.testing.getDatabase();
  const { user } = testApp.testing.schema;
  await db
    .update(user)
    .set({ role: role ?? "user", emailVerified: true, twoFactorEnabled: options.twoFactor ?? true })
    .where(eq(user.id, person.userId));
  // Its session, as a sign-in that passed the second factor leaves it (the guard asks for that).
  await db
    .update(testApp.testing.schema.session)
    .set({ secondFactor: options.twoFactor ?? true })
    .where(eq(testApp.testing.schema.session.userId, person.userId));
  return person;
}
