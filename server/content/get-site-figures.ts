import { and, count, eq, isNull, or, sql } from "drizzle-orm";
import type { SiteFigures } from "~/lib/view-types/content";
import type { DbOrTx } from "../db/client.ts";
import { pricing, profiles, results, user } from "../db/schema.ts";

/**
 * What the marketing pages may claim, read from the rows that back each claim: members who
 * signed up and verified their address (staff are not members), the published results' wins
 * and losses, and the published plans' discounts.
 */
export async function getSiteFigures(options: { db: DbOrTx }): Promise<SiteFigures> {
  const { db } = options;
  const [memberRow] = await db
    .select({ n: count() })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(and(eq(user.emailVerified, true), or(isNull(user.role), eq(user.role, "user"))));
  const [resultRow] = await db
    .select({
      wins: sql<string>`coalesce(sum(${results.wins}), 0)`,
      losses: sql<string>`coalesce(sum(${results.losses}), 0)`,
    })
    .from(results)
    .where(eq(results.published, true));
  const [planRow] = await db
    .select({
      largest: sql<number | null>`max(${pricing.discount})`,
      smallest: sql<number | null>`min(${pricing.discount})`,
    })
    .from(pricing)
    .where(eq(pricing.published, true));
  // Sums and aggregates can arrive as strings from some drivers; pages get numbers.
  const wins = Number(resultRow?.wins ?? 0);
  return {
    members: Number(memberRow?.n ?? 0),
    closedSignals: wins + Number(resultRow?.losses ?? 0),
    wins,
    largestDiscount: Number(planRow?.largest ?? 0),
    smallestDiscount: Number(planRow?.smallest ?? 0),
  };
}
