import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { results } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { assertFound, auditSnapshot, describeResult, toStaffResult } from "./result-rows.ts";

/** Removes one result for good; the audit row keeps what it held. */
export async function deleteResult(options: { db: Db; id: number; actor: StaffActor }) {
  const { db, id, actor } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(results).where(eq(results.id, id)).returning();
    const before = toStaffResult(assertFound(row));
    await recordAuditEvent({
      tx,
      actor,
      action: "result.deleted",
      target: { type: "result", id: String(id) },
      summary: `Deleted ${describeResult(before)}`,
      before: auditSnapshot(before),
    });
    return before;
  });
}
