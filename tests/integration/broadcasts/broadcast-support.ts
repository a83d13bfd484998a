import { eq, sql } from "drizzle-orm";
import type { BroadcastAudience, BroadcastChannel } from "~/lib/broadcasts";
import type { Db } from "#server/db/client";
import { broadcasts, profiles, subscriptions, user } from "#server/db/schema";
import { queueBroadcast } from "#server/staff/broadcasts/queue-broadcast";
import { createMember } from "../../helpers/members";

/*
 * What the broadcast tests share: members in a given state, and a broadcast queued for an audience.
 */

const DAY = 86_400_000;
let nextTelegramId = 70_000;

export const everyone: BroadcastAudience = {
  statuses: ["active", "ended", "never_paid"],
  planIds: [],
  endedWithinDays: 30,
};

/** A member; `plan` with `ended` (days ago) makes their subscription of it ended, else active. */
export async function broadcastMember(
  db: Db,
  options: { telegram?: boolean; plan?: number; endedDaysAgo?: number } = {},
) {
  const m = await createMember(db);
  let telegramId: number | undefined;
  if (options.telegram !== false) {
    telegramId = ++nextTelegramId;
    await db
      .update(profiles)
      .set({ telegramVerified: true, telegramUserId: BigInt(telegramId) })
      .where(eq(profiles.id, m.id));
  }
  if (options.plan !== undefined) {
    const ended = options.endedDaysAgo !== undefined;
    const [row] = await db
      .insert(subscriptions)
      .values({
        userId: m.id,
        planId: options.plan,
        billingPeriod: "monthly",
        status: ended ? "expired" : "active",
        nextBillingDate: new Date(Date.now() + 20 * DAY),
      })
      .returning();
    if (ended)
      await db.execute(
        sql`update subscriptions set updated_at = now() - make_interval(days => ${options.endedDaysAgo}) where id = ${row!.id}`,
      );
  }
  return { ...m, telegramId: telegramId! };
}

/** A broadcast as the back office saves it, then sent now: its audience queued. */
export async function sendBroadcastNow(
  db: Db,
  options: { subject?: string; body?: string; channel?: BroadcastChannel; audience?: BroadcastAudience } = {},
) {
  const [row] = await db
    .insert(broadcasts)
    .values({
      subject: options.subject ?? "Weekly outlook",
      body: options.body ?? "<p>Markets <strong>open</strong> calm.</p>",
      audience: options.audience ?? everyone,
      channel: options.channel ?? "bot",
    })
    .returning();
  const { queued } = await db.transaction((tx) => queueBroadcast({ tx, broadcastId: row!.id }));
  return { id: row!.id, queued };
}

/** Every member and broadcast gone: each test starts with an empty audience. */
export async function clearMembers(db: Db) {
  await db.delete(broadcasts);
  await db.delete(subscriptions);
  await db.execute(sql`delete from profiles`);
  await db.delete(user);
}
