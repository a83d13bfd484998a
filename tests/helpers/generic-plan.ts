import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client";

type PlanNode = { "Index Name"?: string; Plans?: PlanNode[] };

const indexesOf = (node: PlanNode): string[] => [
  ...(node["Index Name"] ? [node["Index Name"]] : []),
  ...(node.Plans ?? []).flatMap(indexesOf),
];

/**
 * The indexes a statement's generic plan reads: the plan a kept (prepared) statement runs once
 * PostgreSQL stops planning it for each call's values, made here at once (force_generic_plan).
 * `values`: what it is executed with, in the order of its parameters.
 */
export async function genericPlanIndexes(db: Db, query: SQL, values?: unknown[]): Promise<string[]> {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  const args = (values ?? params).map((value) => `'${String(value).replace(/'/g, "''")}'`).join(", ");
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare generic_plan_probe as ${text}`));
    const explained = await tx.execute<{ "QUERY PLAN": unknown }>(
      sql.raw(`explain (format json) execute generic_plan_probe(${args})`),
    );
    await tx.execute(sql.raw("deallocate generic_plan_probe"));
    const json = explained.rows[0]!["QUERY PLAN"];
    const plans = (typeof json === "string" ? JSON.parse(json) : json) as { Plan: PlanNode }[];
    return indexesOf(plans[0]!.Plan);
  });
}
