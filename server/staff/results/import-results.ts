import { sql } from "drizzle-orm";
import type { ResultInput } from "~/lib/validation/admin/results";
import { RESULT_TYPES, type ResultType } from "~/lib/view-types/content";
import type { Db } from "../../db/client.ts";
import { results } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { nextDisplayOrder } from "./create-result.ts";

/**
 * Adds the rows of a results CSV, already checked row by row, in ONE transaction with
 * ONE audit row: all of them or none. Each row goes to the end of its type's list, in file order.
 */
export async function importResults(options: { db: Db; rows: ResultInput[]; actor: StaffActor }) {
  const { db, rows, actor } = options;
  return db.transaction(async (tx) => {
    const types = RESULT_TYPES.filter((t) => rows.some((r) => r.type === t));
    const next = {} as Record<ResultType, number>;
    for (const type of types) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`results:${type}`}))`);
      next[type] = await nextDisplayOrder({ tx, type });
    }
    const values = rows.map((row) => ({ ...row, displayOrder: next[row.type]++ }));
    const inserted = await tx.insert(results).values(values).returning({ id: results.id });
    const ids = inserted.map((r) => r.id);
    const byType = types.map((t) => `${t} ${rows.filter((r) => r.type === t).length}`).join(", ");
    const published = rows.filter((r) => r.published).length;
    await recordAuditEvent({
      tx,
      actor,
      action: "results.imported",
      // Many rows: the target is the import; `after.ids` names the rows it added.
      target: { type: "results", id: "csv-import" },
      summary: `Imported ${rows.length} result${rows.length === 1 ? "" : "s"} from CSV (${byType}); ${published} published, ${rows.length - published} draft`,
      after: { count: rows.length, published, ids },
    });
    return { count: rows.length, published, ids };
  });
}
