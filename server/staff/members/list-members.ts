import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { isStaffRole } from "~/lib/staff-roles";
import { MEMBERS_PAGE_SIZE, type MemberListQuery } from "~/lib/validation/admin/members";
import type { MemberListPage, MemberListRow } from "~/lib/view-types/admin/members";
import type { DbOrTx } from "../../db/client.ts";
import { pricing, profiles, subscriptions, user } from "../../db/schema.ts";
import { memberListWhere } from "./member-list-filter.ts";

/** The columns a member row is read with, for the page and the CSV export alike. */
export const memberRowColumns = {
  id: profiles.id,
  email: user.email,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  telegramUsername: profiles.telegramUsername,
  telegramVerified: profiles.telegramVerified,
  telegramUserId: profiles.telegramUserId,
  balance: profiles.balance,
  joinedAt: profiles.createdAt,
  banned: user.banned,
  role: user.role,
};

type MemberRecord = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  telegramUsername: string | null;
  telegramVerified: boolean;
  telegramUserId: bigint | null;
  balance: bigint;
  joinedAt: Date;
  banned: boolean | null;
  role: string | null;
};

/** The names of each member's active plans, for one page (or one batch) of ids. */
export async function activePlansOf(db: DbOrTx, ids: string[]): Promise<Map<string, string[]>> {
  const plans = new Map<string, string[]>();
  if (ids.length === 0) return plans;
  const rows = await db
    .select({ userId: subscriptions.userId, name: pricing.name })
    .from(subscriptions)
    .innerJoin(pricing, eq(pricing.id, subscriptions.planId))
    .where(sql`${inArray(subscriptions.userId, ids)} and ${subscriptions.status} = 'active'`)
    .orderBy(asc(pricing.name));
  for (const row of rows) plans.set(row.userId, [...(plans.get(row.userId) ?? []), row.name]);
  return plans;
}

export function toMemberRow(record: MemberRecord, activePlans: string[]): MemberListRow {
  return {
    id: record.id,
    email: record.email,
    firstName: record.firstName,
    lastName: record.lastName,
    telegramUsername: record.telegramUsername,
    telegramVerified: record.telegramVerified,
    telegramUserId: record.telegramUserId === null ? null : String(record.telegramUserId),
    balance: String(record.balance),
    activePlans,
    joinedAt: record.joinedAt.toISOString(),
    banned: record.banned === true,
    staffRole: isStaffRole(record.role) ? record.role : null,
  };
}

/**
 * One page of members (users with a profile, staff included), searched, filtered and sorted, with
 * the count of the whole set. A page past the end shows the last one. Every sort ends on the id,
 * so rows never swap between pages.
 */
export async function listMembers(options: { db: DbOrTx; query: MemberListQuery }): Promise<MemberListPage> {
  const { db, query } = options;
  const where = memberListWhere(query);
  // Every profile belongs to a user (a foreign key), so the count needs no join.
  const [{ total }] = (await db.select({ total: count() }).from(profiles).where(where)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const direction = query.dir === "asc" ? asc : desc;
  const key = { joined: profiles.createdAt, email: user.email, balance: profiles.balance }[query.sort];
  const records = await db
    .select(memberRowColumns)
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(where)
    .orderBy(direction(key), direction(profiles.id))
    .limit(MEMBERS_PAGE_SIZE)
    .offset((page - 1) * MEMBERS_PAGE_SIZE);
  const plans = await activePlansOf(
    db,
    records.map((r) => r.id),
  );
  return {
    rows: records.map((record) => toMemberRow(record, plans.get(record.id) ?? [])),
    total,
    page,
    pageCount,
    pageSize: MEMBERS_PAGE_SIZE,
  };
}
