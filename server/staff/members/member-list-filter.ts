import { and, eq, gt, gte, lt, sql, type SQL } from "drizzle-orm";
import type { MemberListQuery } from "~/lib/validation/admin/members";
import { profiles, subscriptions, user } from "../../db/schema.ts";
import { containsPattern } from "../../lib/like-pattern.ts";

/** The largest Telegram user id a bigint column holds; a longer run of digits cannot be one. */
const MAX_BIGINT = 9_223_372_036_854_775_807n;

/**
 * The members a search term finds, as a condition on `profiles` alone: the term anywhere in the
 * email, the name ("first last") or the Telegram username (any case; "@name" for a username), and
 * a run of digits also the Telegram user id exactly. The Members list and the back office's search
 * box use this one condition, so both find the same people (staff with a profile too).
 *
 * The expressions are the ones the trigram indexes are built on, and each is its own subquery of
 * ids joined by UNION: an OR across two tables can use no index and would read every member.
 */
export function memberSearchCondition(term: string): SQL {
  const pattern = containsPattern(term);
  const branches: SQL[] = [
    sql`select ${user.id} from ${user} where ${user.email} ilike ${pattern}`,
    sql`select ${profiles.id} from ${profiles}
        where (${profiles.firstName} || ' ' || ${profiles.lastName}) ilike ${pattern}`,
    sql`select ${profiles.id} from ${profiles}
        where ${profiles.telegramUsername} ilike ${containsPattern(term.replace(/^@/, ""))}`,
  ];
  if (/^\d{1,19}$/.test(term) && BigInt(term) <= MAX_BIGINT) {
    branches.push(sql`select ${profiles.id} from ${profiles} where ${profiles.telegramUserId} = ${term}::bigint`);
  }
  return sql`${profiles.id} in (${sql.join(branches, sql` union `)})`;
}

/**
 * The members a search and the filters leave, as a condition on `profiles` alone (a member is a
 * user with a profile; staff with a profile are listed too). Shared by the page and
 * the CSV export, so both always mean the same set; the search term is `memberSearchCondition`.
 */
export function memberListWhere(query: MemberListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) conditions.push(memberSearchCondition(query.q));

  // Correlated EXISTS on subscriptions(user_id, status): one index probe per member considered.
  const ofMember = sql`${subscriptions.userId} = ${profiles.id}`;
  const isActive = sql`${subscriptions.status} = 'active'`;
  if (query.plan?.kind === "active")
    conditions.push(sql`exists (select 1 from ${subscriptions} where ${ofMember} and ${isActive})`);
  if (query.plan?.kind === "plan")
    conditions.push(
      sql`exists (select 1 from ${subscriptions} where ${ofMember} and ${isActive} and ${subscriptions.planId} = ${query.plan.planId})`,
    );
  if (query.plan?.kind === "lapsed")
    conditions.push(
      sql`exists (select 1 from ${subscriptions} where ${ofMember})`,
      sql`not exists (select 1 from ${subscriptions} where ${ofMember} and ${isActive})`,
    );
  if (query.telegram) conditions.push(eq(profiles.telegramVerified, query.telegram === "verified"));
  if (query.balance) conditions.push(gt(profiles.balance, 0n));
  // Through a subquery on the few banned accounts (a partial index holds them), so the condition
  // stays on profiles alone and the count never joins the user table.
  if (query.banned) conditions.push(sql`${profiles.id} in (select ${user.id} from ${user} where ${user.banned})`);
  // The same for the few deleted accounts.
  if (query.deleted)
    conditions.push(sql`${profiles.id} in (select ${user.id} from ${user} where ${user.deletedAt} is not null)`);
  // Whole UTC days, the "to" day included.
  if (query.joinedFrom) conditions.push(gte(profiles.createdAt, new Date(`${query.joinedFrom}T00:00:00Z`)));
  if (query.joinedTo) {
    const end = new Date(`${query.joinedTo}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(profiles.createdAt, end));
  }
  return and(...conditions);
}
