import { and, desc, eq, gt } from "drizzle-orm";
import { summarizeUserAgent } from "~/lib/http/user-agent";
import type { SignedInDevice } from "~/lib/view-types/sessions";
import type { Db } from "../../db/client.ts";
import { session } from "../../db/schema.ts";
import { addressPrefix, countryName } from "../accounts/device-address.ts";

/**
 * The member's signed-in devices: their unexpired sessions, newest activity first,
 * this browser's first of all. Read from the session table by the member's id (Better Auth's
 * `listSessions` does the same query but refuses a session older than its one-day "fresh age",
 * which would hide the list from anyone signed in since yesterday). Tokens never leave here.
 */
export async function listMemberSessions(options: {
  db: Db;
  userId: string;
  currentSessionId: string;
  now?: Date;
}): Promise<SignedInDevice[]> {
  const now = options.now ?? new Date();
  const rows = await options.db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      country: session.country,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, options.userId), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt), desc(session.createdAt));
  const devices = rows.map((row): SignedInDevice => {
    const { browser, os } = summarizeUserAgent(row.userAgent);
    return {
      id: row.id,
      browser,
      os,
      place: countryName(row.country),
      address: addressPrefix(row.ipAddress),
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: row.updatedAt.toISOString(),
      current: row.id === options.currentSessionId,
    };
  });
  return [...devices.filter((d) => d.current), ...devices.filter((d) => !d.current)];
}
