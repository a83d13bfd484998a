import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { results } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { assertFound, describeResult, toStaffResult } from "./result-rows.ts";

/** Publishes a result on /results or takes it off; audited when it changes. */
export async function setResultPublished(options: { db: Db; id: number; published: boolean; actor: StaffActor }) {
  const { db, id, published, actor } = options;
  return db.transaction(async (tx) => {
    const before = toStaffResult(
      assertFound((await tx.select().from(results).where(eq(results.id, id)).for("update"))[0]),
    );
    if (before.published === published) return { result: before, changed: false };
    await tx.update(results).set({ published }).where(eq(results.id, id));
    await recordAuditEvent({
      tx,
      actor,
      action: published ? "result.published" : "result.unpublished",
      target: { type: "result", id: String(id) },
      summary: `${published ? "Published" : "Unpublished"} ${describeResult(before)}`,
      before: { published: before.published },
      after: { published },
    });
    return { result: { ...before, published }, changed: true };
  });
}
