import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import { isStaffRole } from "~/lib/staff-roles";
import type { MemberHit, SearchGroup } from "~/lib/view-types/admin/search";
import type { DbOrTx } from "../../db/client.ts";
import { pricing, profiles, subscriptions, user } from "../../db/schema.ts";
import { prefixPattern } from "../../lib/like-pattern.ts";
import { memberSearchCondition } from "../members/member-list-filter.ts";

/** At most this many subscriptions are shown per member (active first, newest first). */
const SUBSCRIPTIONS_SHOWN = 5;

/**
 * Members whose email, name or Telegram username contains the term, any case; "@name" looks for
 * the Telegram username, a run of digits the Telegram user id too. The same people the Members
 * list finds for the term (users with a profile: a staff account that is also a paying member
 * is one), by its own condition. An exact address first, then addresses that start with the
 * term, then the newest accounts.
 */
export async function searchMembers(options: {
  db: DbOrTx;
  term: string;
  limit: number;
  offset?: number;
}): Promise<SearchGroup<MemberHit>> {
  const { db, term, limit, offset = 0 } = options;
  const where = memberSearchCondition(term);
  const lowerTerm = term.toLowerCase();
  const [rows, [count]] = await Promise.all([
    db
      .select({
        userId: user.id,
        email: user.email,
        emailVerified: user.emailVerified,
        name: user.name,
        role: user.role,
        telegramUsername: profiles.telegramUsername,
        telegramVerified: profiles.telegramVerified,
        joinedAt: user.createdAt,
      })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(where)
      .orderBy(
        sql`lower(${user.email}) = ${lowerTerm} desc`,
        sql`lower(${user.email}) like ${prefixPattern(lowerTerm)} desc`,
        desc(user.createdAt),
        asc(user.id),
      )
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(profiles)
      .where(where),
  ]);
  const subs = rows.length
    ? await db
        .select({
          userId: subscriptions.userId,
          plan: pricing.name,
          status: subscriptions.status,
          billingPeriod: subscriptions.billingPeriod,
          nextBillingDate: subscriptions.nextBillingDate,
          autorenew: subscriptions.autorenew,
        })
        .from(subscriptions)
        .innerJoin(pricing, eq(pricing.id, subscriptions.planId))
        .where(
          inArray(
            subscriptions.userId,
            rows.map((r) => r.userId),
          ),
        )
        .orderBy(sql`${subscriptions.status} = 'active' desc`, desc(subscriptions.startDate))
    : [];
  return {
    total: count!.total,
    rows: rows.map((row) => ({
      userId: row.userId,
      email: row.email,
      emailVerified: row.emailVerified,
      name: row.name,
      staffRole: isStaffRole(row.role) ? row.role : null,
      telegramUsername: row.telegramUsername,
      telegramVerified: row.telegramVerified,
      joinedAt: row.joinedAt.toISOString(),
      subscriptions: subs
        .filter((s) => s.userId === row.userId)
        .slice(0, SUBSCRIPTIONS_SHOWN)
        .map((s) => ({
          plan: s.plan,
          status: s.status,
          billingPeriod: s.billingPeriod,
          nextBillingDate: s.nextBillingDate?.toISOString() ?? null,
          autorenew: s.autorenew,
        })),
    })),
  };
}
