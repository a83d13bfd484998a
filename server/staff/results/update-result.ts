import { eq, sql } from "drizzle-orm";
import type { ResultInput } from "~/lib/validation/admin/results";
import type { Db } from "../../db/client.ts";
import { results } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { nextDisplayOrder } from "./create-result.ts";
import { assertFound, auditSnapshot, describeResult, toStaffResult } from "./result-rows.ts";

/**
 * Changes one result. A row moved to another market type goes to the end of that
 * type's list. Audited with before and after; nothing changed writes nothing.
 */
export async function updateResult(options: { db: Db; id: number; input: ResultInput; actor: StaffActor }) {
  const { db, id, input, actor } = options;
  return db.transaction(async (tx) => {
    const before = toStaffResult(
      assertFound((await tx.select().from(results).where(eq(results.id, id)).for("update"))[0]),
    );
    let displayOrder = before.displayOrder;
    if (input.type !== before.type) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`results:${input.type}`}))`);
      displayOrder = await nextDisplayOrder({ tx, type: input.type });
    }
    const next = { ...before, ...input, displayOrder };
    const changed = (Object.keys(next) as (keyof typeof next)[]).some((key) => next[key] !== before[key]);
    if (!changed) return { result: before, changed: false };
    const [row] = await tx
      .update(results)
      .set({ ...input, displayOrder })
      .where(eq(results.id, id))
      .returning();
    const after = toStaffResult(row!);
    await recordAuditEvent({
      tx,
      actor,
      action: "result.updated",
      target: { type: "result", id: String(id) },
      summary: `Edited ${describeResult(after)}`,
      before: auditSnapshot(before),
      after: auditSnapshot(after),
    });
    return { result: after, changed: true };
  });
}
