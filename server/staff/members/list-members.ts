import { asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { isStaffRole } from "~/lib/staff-roles";
import { MEMBERS_PAGE_SIZE, type MemberListQuery } from "~/lib/validation/admin/members";
import type { MemberListPage, MemberListRow } from "~/lib/view-types/admin/members";
import type { DbOrTx } from "../../db/client.ts";
import { pricing, profiles, subscriptions, user } from "../../db/schema.ts";
import { countMembers } from "./count-members.ts";
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
  deletedAt: user.deletedAt,
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
  deletedAt: Date | null;
};

/** The names of each member's active plans, for one page (or one batch) of ids. */
export async function activePlansOf({ db, ids }: { db: DbOrTx; ids: string[] }): Promise<Map<string, string[]>> {
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
    deleted: record.deletedAt !== null,
    staffRole: isStaffRole(record.role) ? record.role : null,
  };
}

/**
 * One page of members (users with a profile, staff included), searched, filtered and sorted, with
 * the count of the whole set: exact when few match, else the planner's estimate, marked as one
 * (countMembers). A page past the end shows the last one. Every sort ends on the id, so rows
 * never swap between pages.
 */
export async function listMembers(options: {
  db: DbOrTx;
  query: MemberListQuery;
  exactCountBelow?: number;
}): Promise<MemberListPage> {
  const { db, query } = options;
  const where = memberListWhere(query);
  let { total, estimated } = await countMembers({ db, where, exactBelow: options.exactCountBelow });
  let pageCount = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));
  // With an estimate the asked page is tried as it is: the real end may lie past the estimated one.
  let page = estimated ? query.page : Math.min(query.page, pageCount);
  let records = await readPage(db, query, where, page);
  if (estimated) {
    if (records.length === 0 && page > 1) {
      // Past the real end: count exactly and show the last page, as for an exact total.
      ({ total, estimated } = await countMembers({ db, where, exactBelow: Number.POSITIVE_INFINITY }));
      pageCount = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));
      page = Math.min(page, pageCount);
      records = await readPage(db, query, where, page);
    } else if (records.length < MEMBERS_PAGE_SIZE) {
      // A short page is the last one, and tells the exact total.
      total = (page - 1) * MEMBERS_PAGE_SIZE + records.length;
      estimated = false;
      pageCount = page;
    } else if (page >= pageCount) {
      // A full page at or past the estimated end: there may be more.
      pageCount = page + 1;
    }
  }
  const plans = await activePlansOf({ db, ids: records.map((r) => r.id) });
  return {
    rows: records.map((record) => toMemberRow(record, plans.get(record.id) ?? [])),
    total,
    totalEstimated: estimated,
    page,
    pageCount,
    pageSize: MEMBERS_PAGE_SIZE,
  };
}

/**
 * One page of rows. Sorted by sign-up date (the default) the page's ids are found first in
 * profiles_created_idx (created_at, id) alone, so a deep page skips its offset in the index
 * rather than joining every skipped member with their account; then the 50 rows are read.
 */
async function readPage(db: DbOrTx, query: MemberListQuery, where: SQL | undefined, page: number) {
  const direction = query.dir === "asc" ? asc : desc;
  const offset = (page - 1) * MEMBERS_PAGE_SIZE;
  if (query.sort === "joined") {
    const ids = db
      .select({ id: profiles.id })
      .from(profiles)
      .where(where)
      .orderBy(direction(profiles.createdAt), direction(profiles.id))
      .limit(MEMBERS_PAGE_SIZE)
      .offset(offset);
    return db
      .select(memberRowColumns)
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(inArray(profiles.id, ids))
      .orderBy(direction(profiles.createdAt), direction(profiles.id));
  }
  const key = { email: user.email, balance: profiles.balance }[query.sort];
  return db
    .select(memberRowColumns)
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(where)
    .orderBy(direction(key), direction(profiles.id))
    .limit(MEMBERS_PAGE_SIZE)
    .offset(offset);
}
