import { eq } from "drizzle-orm";
import type { ProfileInput } from "~/lib/validation/dashboard/profile";
import type { Db } from "../db/client.ts";
import { profiles, user } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";

/**
 * Saves the member's first and last name. Only these two columns are ever
 * written, whatever else a request carried: email, Telegram username and balance are not
 * editable here. The auth user's display name follows, in the same transaction.
 */
export async function updateMemberProfile(options: { db: Db; userId: string; input: ProfileInput }) {
  const { db, userId, input } = options;
  const { firstName, lastName } = input;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(profiles)
      .set({ firstName, lastName })
      .where(eq(profiles.id, userId))
      .returning({ id: profiles.id });
    if (updated.length === 0) throw new AppError("NOT_FOUND", "Profile not found.");
    await tx
      .update(user)
      .set({ name: `${firstName} ${lastName}`, updatedAt: new Date() })
      .where(eq(user.id, userId));
    return { firstName, lastName };
  });
}
