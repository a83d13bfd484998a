import crypto from "node:crypto";
import type { DbOrTx } from "#server/db/client";
import { newsletterSubscribers } from "#server/db/schema";

/**
 * A newsletter address as the subscribe flow leaves it (a hashed confirmation token valid a day),
 * confirmed or unsubscribed when the test says when.
 */
export async function insertSubscriber(
  db: DbOrTx,
  email: string,
  state: { confirmed?: Date; unsubscribed?: Date; created?: Date } = {},
) {
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({
      email,
      tokenHash: crypto.randomBytes(32).toString("hex"),
      tokenExpiresAt: new Date(Date.now() + 86_400_000),
      confirmedAt: state.confirmed ?? null,
      unsubscribedAt: state.unsubscribed ?? null,
      ...(state.created ? { createdAt: state.created } : {}),
    })
    .returning();
  return row!;
}
