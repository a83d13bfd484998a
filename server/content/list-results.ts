import { and, asc, eq } from "drizzle-orm";
import type { PublicResult, ResultType } from "~/lib/view-types/content";
import type { DbOrTx } from "../db/client.ts";
import { results } from "../db/schema.ts";

/** The results tracker's rows: the selected type, published only, by display order. */
export async function listResults(options: { db: DbOrTx; type: ResultType }): Promise<PublicResult[]> {
  const { db, type } = options;
  const rows = await db
    .select({
      id: results.id,
      type: results.type,
      title: results.title,
      signals: results.signals,
      wins: results.wins,
      losses: results.losses,
      totalPercentage: results.totalPercentage,
      winRate: results.winRate,
    })
    .from(results)
    .where(and(eq(results.type, type), eq(results.published, true)))
    .orderBy(asc(results.displayOrder), asc(results.id));
  // numeric columns can arrive as strings from some drivers; pages get numbers.
  return rows.map((r) => ({ ...r, totalPercentage: Number(r.totalPercentage), winRate: Number(r.winRate) }));
}
