import { count, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { profiles } from "../../db/schema.ts";

/** Below this many (as the planner estimates), the list counts its members exactly. */
export const EXACT_COUNT_BELOW = 10_000;

type PlanRow = { "QUERY PLAN": unknown };

/** The planner's estimate of the rows `select … from profiles where <where>` returns. */
async function estimateMembers(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const { rows } = await db.execute<PlanRow>(
    sql`explain (format json) select 1 from ${profiles} where ${where ?? sql`true`}`,
  );
  // node-postgres hands the json column over parsed, PGlite as text.
  const raw = rows[0]!["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: { "Plan Rows": number } }[];
  return Math.max(0, Math.round(plan[0]!.Plan["Plan Rows"]));
}

/**
 * How many members a search and filters leave: exact when few match, else PostgreSQL's estimate.
 * An exact count reads every matching row; with most of 100 000 members matching (no filter, or
 * "has an active plan") that is a pass over the whole table on every page view. So the planner's
 * estimate (kept by ANALYZE, the table's size without a filter) is asked first, at no cost: under
 * `exactBelow` the rows are counted, which a selective filter's index makes cheap; from there the
 * estimate is returned, marked as one, and the page says "about".
 */
export async function countMembers(options: {
  db: DbOrTx;
  where: SQL | undefined;
  exactBelow?: number;
}): Promise<{ total: number; estimated: boolean }> {
  const { db, where, exactBelow = EXACT_COUNT_BELOW } = options;
  const estimate = await estimateMembers(db, where);
  if (estimate >= exactBelow) return { total: estimate, estimated: true };
  // Every profile belongs to a user (a foreign key), so the count needs no join.
  const [{ total }] = (await db.select({ total: count() }).from(profiles).where(where)) as [{ total: number }];
  return { total, estimated: false };
}
