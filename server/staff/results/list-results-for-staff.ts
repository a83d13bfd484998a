import { asc, eq, sql } from "drizzle-orm";
import type { ResultTypeCounts, StaffResult } from "~/lib/view-types/admin/results";
import { RESULT_TYPES, type ResultType } from "~/lib/view-types/content";
import type { DbOrTx } from "../../db/client.ts";
import { results } from "../../db/schema.ts";
import { toStaffResult } from "./result-rows.ts";

/**
 * The back office's results list: every row of one market type, published or not,
 * in the public page's order (display order, then id), and the counts of every type for the tabs.
 */
export async function listResultsForStaff(options: {
  db: DbOrTx;
  type: ResultType;
}): Promise<{ rows: StaffResult[]; counts: ResultTypeCounts }> {
  const { db, type } = options;
  const rows = await db
    .select()
    .from(results)
    .where(eq(results.type, type))
    .orderBy(asc(results.displayOrder), asc(results.id));
  const tally = await db
    .select({
      type: results.type,
      total: sql<number>`count(*)::int`,
      published: sql<number>`count(*) filter (where ${results.published})::int`,
    })
    .from(results)
    .groupBy(results.type);
  const counts = Object.fromEntries(RESULT_TYPES.map((t) => [t, { total: 0, published: 0 }])) as ResultTypeCounts;
  for (const row of tally) counts[row.type] = { total: Number(row.total), published: Number(row.published) };
  return { rows: rows.map(toStaffResult), counts };
}
