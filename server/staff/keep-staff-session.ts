import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { session } from "../db/schema.ts";

/** Staff sessions end after this long without a request. */
export const STAFF_IDLE_HOURS = 12;
/** A request marks the session active at most this often, so every page does not write. */
const TOUCH_EVERY_MS = 60_000;

/**
 * A staff member's session stays open while used: idle for STAFF_IDLE_HOURS, it is deleted
 * (the answer is `ended`); otherwise its last activity is moved to now. Members' sessions keep
 * Better Auth's 7 days; only back-office requests pass here.
 */
export async function keepStaffSession(options: {
  db: Db;
  sessionId: string;
  lastActiveAt: Date;
  now?: Date;
}): Promise<"active" | "ended"> {
  const { db, sessionId, lastActiveAt, now = new Date() } = options;
  const idle = now.getTime() - lastActiveAt.getTime();
  if (idle > STAFF_IDLE_HOURS * 60 * 60 * 1000) {
    await db.delete(session).where(eq(session.id, sessionId));
    return "ended";
  }
  if (idle > TOUCH_EVERY_MS) await db.update(session).set({ updatedAt: now }).where(eq(session.id, sessionId));
  return "active";
}
