import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { broadcastOptOuts, user } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { BROADCAST_MESSAGES } from "./messages.ts";
import { readBroadcastUnsubscribeToken } from "./unsubscribe-token.ts";

function memberOf(token: unknown): string {
  const id = readBroadcastUnsubscribeToken(token);
  if (id === null) throw new AppError("VALIDATION", BROADCAST_MESSAGES.invalidUnsubscribeLink);
  return id;
}

/** The address a broadcast email's unsubscribe link is for, and whether it still gets broadcasts. */
export async function findBroadcastUnsubscribe(options: {
  db: DbOrTx;
  token: unknown;
}): Promise<{ email: string; subscribed: boolean }> {
  const id = memberOf(options.token);
  const rows = await options.db.execute<{ email: string; subscribed: boolean }>(sql`
    select u.email, not exists (select 1 from broadcast_opt_outs o where o.user_id = u.id and o.way = 'email') as subscribed
    from "user" u where u.id = ${id} and u.deleted_at is null`);
  const row = rows.rows[0];
  if (!row) throw new AppError("VALIDATION", BROADCAST_MESSAGES.invalidUnsubscribeLink);
  return row;
}

/**
 * Stops every later broadcast by email to the member the link names (the page's button, or a
 * mail app's one-click unsubscribe). Saying it twice is not an error.
 */
export async function unsubscribeBroadcasts(options: { db: DbOrTx; token: unknown }): Promise<{ email: string }> {
  const id = memberOf(options.token);
  const { db } = options;
  const [member] = await db.select({ email: user.email, deletedAt: user.deletedAt }).from(user).where(eq(user.id, id));
  if (!member || member.deletedAt) throw new AppError("VALIDATION", BROADCAST_MESSAGES.invalidUnsubscribeLink);
  await db.insert(broadcastOptOuts).values({ userId: id, way: "email" }).onConflictDoNothing();
  return { email: member.email };
}
