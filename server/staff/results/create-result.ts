import { eq, sql } from "drizzle-orm";
import type { ResultInput } from "~/lib/validation/admin/results";
import type { ResultType } from "~/lib/view-types/content";
import type { Db, Tx } from "../../db/client.ts";
import { results } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { auditSnapshot, describeResult, toStaffResult } from "./result-rows.ts";

/** The display order after the last row of a type: new rows go to the end of their tab. */
export async function nextDisplayOrder({ tx, type }: { tx: Tx; type: ResultType }): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number | null>`max(${results.displayOrder})` })
    .from(results)
    .where(eq(results.type, type));
  return Number(row?.last ?? 0) + 1;
}

/** Adds one result at the end of its market type's list; one audit row, same transaction. */
export async function createResult(options: { db: Db; input: ResultInput; actor: StaffActor }) {
  const { db, input, actor } = options;
  return db.transaction(async (tx) => {
    // One writer per type at a time, so two new rows never share a display order.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`results:${input.type}`}))`);
    const displayOrder = await nextDisplayOrder({ tx, type: input.type });
    const [row] = await tx
      .insert(results)
      .values({ ...input, displayOrder })
      .returning();
    const created = toStaffResult(row!);
    await recordAuditEvent({
      tx,
      actor,
      action: "result.created",
      target: { type: "result", id: String(created.id) },
      summary: `Added ${describeResult(created)}${created.published ? " (published)" : " (draft)"}`,
      after: auditSnapshot(created),
    });
    return created;
  });
}
