import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";
import { NEWSLETTER_MESSAGES } from "./messages.ts";
import { readUnsubscribeToken } from "./unsubscribe-token.ts";

/** The subscriber an unsubscribe link names; anything else is the invalid-link error. */
function subscriberIdOf(token: unknown): number {
  const id = readUnsubscribeToken(token);
  if (id === null) throw new AppError("VALIDATION", NEWSLETTER_MESSAGES.invalidUnsubscribeLink);
  return id;
}

/** The address an unsubscribe link is for (the page shows it before the button is pressed). */
export async function findUnsubscribeAddress(options: {
  db: DbOrTx;
  token: unknown;
}): Promise<{ email: string; subscribed: boolean }> {
  const id = subscriberIdOf(options.token);
  const rows = await options.db.execute<{ email: string; subscribed: boolean }>(sql`
    select email, (confirmed_at is not null and unsubscribed_at is null) as subscribed
    from newsletter_subscribers where id = ${id}`);
  const row = rows.rows[0];
  if (!row) throw new AppError("VALIDATION", NEWSLETTER_MESSAGES.invalidUnsubscribeLink);
  return row;
}

/**
 * Ends a subscription from the link in any newsletter email (or a mail app's one-click button).
 * Saying it twice is not an error: the answer is the same, and the first time counts.
 */
export async function unsubscribeNewsletter(options: {
  db: DbOrTx;
  token: unknown;
  now?: Date;
}): Promise<{ email: string }> {
  const { db, now = new Date() } = options;
  const id = subscriberIdOf(options.token);
  const rows = await db.execute<{ email: string }>(sql`
    update newsletter_subscribers
    set unsubscribed_at = coalesce(unsubscribed_at, ${now.toISOString()}::timestamptz), updated_at = now()
    where id = ${id}
    returning email`);
  const row = rows.rows[0];
  if (!row) throw new AppError("VALIDATION", NEWSLETTER_MESSAGES.invalidUnsubscribeLink);
  return row;
}
