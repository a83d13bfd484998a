import { and, eq, gt, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { session } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { getAuth } from "../core/auth.ts";

export const DEVICE_GONE = "That device is already signed out.";
export const THIS_DEVICE = "This is the device you are using: use Logout to sign out here.";

/**
 * Signs out one of the member's other devices (`sessionId`) or all of them (`sessionId`
 * omitted) through Better Auth's `revokeSession` / `revokeOtherSessions`, called with this
 * browser's cookies. The id is looked up among the member's own unexpired sessions
 * only: another member's session, an expired one or an unknown id is "already signed out"
 * (404), and nothing is revoked. This browser's own session is not revoked here (Logout is).
 * Returns how many sessions were ended.
 */
export async function revokeMemberSessions(options: {
  db: Db;
  userId: string;
  currentSessionId: string;
  sessionId?: string;
  headers: Headers;
}) {
  const { db, userId, currentSessionId } = options;
  const now = new Date();
  const own = and(eq(session.userId, userId), gt(session.expiresAt, now));
  if (options.sessionId === undefined) {
    const others = await db
      .select({ id: session.id })
      .from(session)
      .where(and(own, ne(session.id, currentSessionId)));
    await getAuth().api.revokeOtherSessions({ headers: options.headers });
    return { revoked: others.length };
  }
  if (options.sessionId === currentSessionId) throw new AppError("VALIDATION", THIS_DEVICE);
  const [target] = await db
    .select({ token: session.token })
    .from(session)
    .where(and(own, eq(session.id, options.sessionId)));
  if (!target) throw new AppError("NOT_FOUND", DEVICE_GONE);
  await getAuth().api.revokeSession({ body: { token: target.token }, headers: options.headers });
  return { revoked: 1 };
}
