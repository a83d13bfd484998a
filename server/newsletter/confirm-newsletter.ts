import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";
import { NEWSLETTER_MESSAGES } from "./messages.ts";
import { createConfirmationToken, hashConfirmationToken } from "./tokens.ts";

const cleanToken = (token: unknown) => {
  const value = typeof token === "string" ? token.trim() : "";
  if (!value || value.length > 200) throw new AppError("VALIDATION", NEWSLETTER_MESSAGES.invalidLink);
  return value;
};

/**
 * Opening the emailed link only looks the token up (mail scanners open links too): the address
 * it would confirm, or the invalid-link error. Confirming takes the button on that page.
 */
export async function findPendingConfirmation(options: {
  db: DbOrTx;
  token: unknown;
  now?: Date;
}): Promise<{ email: string }> {
  const { db, now = new Date() } = options;
  const token = cleanToken(options.token);
  const rows = await db.execute<{ email: string }>(sql`
    select email from newsletter_subscribers
    where token_hash = ${hashConfirmationToken(token)} and token_expires_at > ${now.toISOString()}`);
  const row = rows.rows[0];
  if (!row) throw new AppError("VALIDATION", NEWSLETTER_MESSAGES.invalidLink);
  return { email: row.email };
}

/**
 * Double opt-in, step two: a valid, unexpired token confirms its subscription. The stored hash
 * is replaced by the hash of a token nobody knows, so a link works once. Unknown, used or
 * expired tokens get one clear message (which of the three is not told).
 */
export async function confirmNewsletter(options: {
  db: DbOrTx;
  token: unknown;
  now?: Date;
}): Promise<{ email: string }> {
  const { db, now = new Date() } = options;
  const token = cleanToken(options.token);
  const retired = createConfirmationToken().tokenHash;
  const rows = await db.execute<{ email: string }>(sql`
    update newsletter_subscribers set
      confirmed_at = ${now.toISOString()},
      unsubscribed_at = null,
      token_hash = ${retired},
      token_expires_at = ${now.toISOString()},
      updated_at = now()
    where token_hash = ${hashConfirmationToken(token)} and token_expires_at > ${now.toISOString()}
    returning email`);
  const row = rows.rows[0];
  if (!row) throw new AppError("VALIDATION", NEWSLETTER_MESSAGES.invalidLink);
  return { email: row.email };
}
