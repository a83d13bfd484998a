import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { planTelegramChats, pricing, profiles, subscriptions, telegramChatMembers, user } from "../db/schema.ts";

/**
 * Who may be in which chat: a member whose Telegram account is verified, with an ACTIVE
 * subscription to a plan that unlocks the chat, and not banned. Every access decision of the bot reads this.
 */
export const entitledTo = (chatId: SQL | number, telegramUserId: SQL | number) => sql`exists (
  select 1 from ${subscriptions}
  join ${planTelegramChats} on ${planTelegramChats.planId} = ${subscriptions.planId}
  join ${profiles} on ${profiles.id} = ${subscriptions.userId}
  join ${user} on ${user.id} = ${subscriptions.userId}
  where ${subscriptions.status} = 'active' and ${profiles.telegramVerified} and ${user.banned} is not true
    and ${planTelegramChats.chatId} = ${chatId} and ${profiles.telegramUserId} = ${telegramUserId})`;

export type LinkedMember = { userId: string; firstName: string; telegramUsername: string | null; balance: bigint };

/** The member verified with this Telegram account, if any. */
export async function findLinkedMember({
  db,
  telegramUserId,
}: {
  db: DbOrTx;
  telegramUserId: number;
}): Promise<LinkedMember | undefined> {
  const [row] = await db
    .select({
      userId: profiles.id,
      firstName: profiles.firstName,
      telegramUsername: profiles.telegramUsername,
      balance: profiles.balance,
    })
    .from(profiles)
    .where(and(eq(profiles.telegramUserId, BigInt(telegramUserId)), eq(profiles.telegramVerified, true)));
  return row;
}

/** The member id when this Telegram user may be in this chat now; undefined otherwise. */
export async function findEntitledMember({ db, ...options }: { db: DbOrTx; chatId: number; telegramUserId: number }) {
  const [row] = await db
    .select({ userId: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.telegramUserId, BigInt(options.telegramUserId)),
        eq(profiles.telegramVerified, true),
        entitledTo(options.chatId, options.telegramUserId),
      ),
    );
  return row?.userId;
}

export type EntitledChat = { chatId: number; plans: string };

/** The chats a member may be in now, each with the names of the plans that unlock it. */
export async function listEntitledChats({ db, userId }: { db: DbOrTx; userId: string }): Promise<EntitledChat[]> {
  return db
    .select({
      chatId: planTelegramChats.chatId,
      plans: sql<string>`string_agg(distinct ${pricing.name}, ', ' order by ${pricing.name})`,
    })
    .from(subscriptions)
    .innerJoin(planTelegramChats, eq(planTelegramChats.planId, subscriptions.planId))
    .innerJoin(pricing, eq(pricing.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active")))
    .groupBy(planTelegramChats.chatId)
    .orderBy(asc(planTelegramChats.chatId));
}

/** Every (member, Telegram account, chat) that should be in place now: verified members, never banned ones. */
export async function listEntitledAccess({ db }: { db: DbOrTx }) {
  return db
    .selectDistinct({ userId: profiles.id, telegramUserId: profiles.telegramUserId, chatId: planTelegramChats.chatId })
    .from(subscriptions)
    .innerJoin(planTelegramChats, eq(planTelegramChats.planId, subscriptions.planId))
    .innerJoin(profiles, eq(profiles.id, subscriptions.userId))
    .innerJoin(user, eq(user.id, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.status, "active"),
        eq(profiles.telegramVerified, true),
        sql`${profiles.telegramUserId} is not null`,
        sql`${user.banned} is not true`,
      ),
    )
    .orderBy(asc(profiles.id), asc(planTelegramChats.chatId));
}

export type StaleMember = { chatId: number; telegramUserId: number; userId: string | null; plans: string };

/**
 * Chat members the bot let in who may no longer be there (subscription ended, account
 * re-verified elsewhere, plan moved to another chat), optionally only of some members or chats.
 * A member whose removal is under way or waiting out its back-off (`removal_next_at` after
 * `now`) is left out. `endedSince` looks only at members with a subscription that ended since
 * then and at failed removals due again: two index reads, cheap when there are none, for a
 * sweep every minute; without it every recorded member is checked.
 * `plans` names the chat's plans this member subscribed to (for the message), else all of them.
 */
export async function listStaleChatMembers({
  db,
  filter = {},
}: {
  db: DbOrTx;
  filter?: { userIds?: string[]; chatIds?: number[]; endedSince?: Date; now?: Date };
}): Promise<StaleMember[]> {
  const m = telegramChatMembers;
  const now = filter.now ?? new Date();
  const plansOfChat = (onlyTheirs: boolean) => sql`(
    select string_agg(distinct ${pricing.name}, ', ' order by ${pricing.name}) from ${planTelegramChats}
    join ${pricing} on ${pricing.id} = ${planTelegramChats.planId}
    where ${planTelegramChats.chatId} = ${m.chatId}
    ${onlyTheirs ? sql`and exists (select 1 from ${subscriptions} where ${subscriptions.planId} = ${pricing.id} and ${subscriptions.userId} = ${m.userId})` : sql``})`;
  // Subscriptions that ended are found through subscriptions_ended_idx (updated_at of rows no
  // longer active: an ending sets it), retries through telegram_chat_members_removal_idx.
  const candidates = filter.endedSince
    ? sql`(${m.chatId}, ${m.telegramUserId}) in (
        select c.chat_id, c.telegram_user_id from ${m} c
        join ${subscriptions} s on s.user_id = c.user_id
        where s.status <> 'active' and s.updated_at >= ${filter.endedSince.toISOString()}::timestamptz
        union
        select c.chat_id, c.telegram_user_id from ${m} c
        where c.removal_next_at <= ${now.toISOString()}::timestamptz)`
    : undefined;
  return db
    .select({
      chatId: m.chatId,
      telegramUserId: m.telegramUserId,
      userId: m.userId,
      plans: sql<string>`coalesce(${plansOfChat(true)}, ${plansOfChat(false)}, 'your plan')`,
    })
    .from(m)
    .where(
      and(
        candidates,
        or(isNull(m.removalNextAt), lte(m.removalNextAt, now)),
        sql`not ${entitledTo(sql`${m.chatId}`, sql`${m.telegramUserId}`)}`,
        filter.userIds ? inArray(m.userId, filter.userIds.length ? filter.userIds : [""]) : undefined,
        filter.chatIds ? inArray(m.chatId, filter.chatIds.length ? filter.chatIds : [0]) : undefined,
      ),
    )
    .orderBy(asc(m.chatId), asc(m.telegramUserId));
}

/** Records that this Telegram user is in the chat (idempotent). */
export async function recordChatMember({
  db,
  row,
}: {
  db: DbOrTx;
  row: { chatId: number; telegramUserId: number; userId: string | null };
}) {
  await db
    .insert(telegramChatMembers)
    .values(row)
    .onConflictDoUpdate({
      target: [telegramChatMembers.chatId, telegramChatMembers.telegramUserId],
      // Seen in the chat while entitled (a join, the daily check): no removal is pending.
      set: { userId: row.userId, removalAttempts: 0, removalError: null, removalFailedAt: null, removalNextAt: null },
    });
}

/** Forgets that this Telegram user is in the chat; true when a row was deleted (by this call). */
export async function forgetChatMember({
  db,
  row,
}: {
  db: DbOrTx;
  row: { chatId: number; telegramUserId: number };
}): Promise<boolean> {
  const deleted = await db
    .delete(telegramChatMembers)
    .where(and(eq(telegramChatMembers.chatId, row.chatId), eq(telegramChatMembers.telegramUserId, row.telegramUserId)))
    .returning({ chatId: telegramChatMembers.chatId });
  return deleted.length > 0;
}
