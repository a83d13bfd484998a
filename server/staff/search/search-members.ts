import { and, asc, desc, eq, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import { STAFF_ROLES } from "~/lib/staff-roles";
import type { MemberHit, SearchGroup } from "~/lib/view-types/admin/search";
import type { DbOrTx } from "../../db/client.ts";
import { pricing, profiles, subscriptions, user } from "../../db/schema.ts";
import { containsPattern, prefixPattern } from "../../lib/like-pattern.ts";

/** At most this many subscriptions are shown per member (active first, newest first). */
const SUBSCRIPTIONS_SHOWN = 5;

/**
 * Members (accounts without a staff role) whose email, name or Telegram username contains the
 * term, any case; "@name" looks for the Telegram username. An exact address first, then
 * addresses that start with the term, then the newest accounts.
 */
export async function searchMembers(options: {
  db: DbOrTx;
  term: string;
  limit: number;
  offset?: number;
}): Promise<SearchGroup<MemberHit>> {
  const { db, term, limit, offset = 0 } = options;
  const pattern = containsPattern(term);
  const telegram = containsPattern(term.replace(/^@/, ""));
  // Each field its own subquery of ids, joined by UNION: the trigram indexes answer each one,
  // where one OR across the user and profile tables could use none and read every member.
  const matching = sql.join(
    [
      sql`select ${user.id} from ${user} where ${user.email} ilike ${pattern}`,
      sql`select ${user.id} from ${user} where ${user.name} ilike ${pattern}`,
      sql`select ${profiles.id} from ${profiles}
          where (${profiles.firstName} || ' ' || ${profiles.lastName}) ilike ${pattern}`,
      sql`select ${profiles.id} from ${profiles} where ${profiles.telegramUsername} ilike ${telegram}`,
    ],
    sql` union `,
  );
  const where = and(or(isNull(user.role), notInArray(user.role, [...STAFF_ROLES])), sql`${user.id} in (${matching})`);
  const lowerTerm = term.toLowerCase();
  const [rows, [count]] = await Promise.all([
    db
      .select({
        userId: user.id,
        email: user.email,
        emailVerified: user.emailVerified,
        name: user.name,
        telegramUsername: profiles.telegramUsername,
        telegramVerified: profiles.telegramVerified,
        joinedAt: user.createdAt,
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
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
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
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
      telegramUsername: row.telegramUsername ?? null,
      telegramVerified: row.telegramVerified ?? false,
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
