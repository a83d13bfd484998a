import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { results } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { assertFound, describeResult, resultRefusals } from "./result-rows.ts";

/**
 * Moves a result one place up or down within its market type. The type's rows are
 * locked and numbered 1…n again in the new order, so equal or gapped display orders (older data,
 * SQL edits) end up clean; one audit row.
 */
export async function moveResult(options: { db: Db; id: number; direction: "up" | "down"; actor: StaffActor }) {
  const { db, id, direction, actor } = options;
  return db.transaction(async (tx) => {
    const target = assertFound((await tx.select({ type: results.type }).from(results).where(eq(results.id, id)))[0]);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`results:${target.type}`}))`);
    const rows = await tx
      .select({ id: results.id, title: results.title, type: results.type, displayOrder: results.displayOrder })
      .from(results)
      .where(eq(results.type, target.type))
      .orderBy(asc(results.displayOrder), asc(results.id))
      .for("update");
    const from = rows.findIndex((r) => r.id === id);
    const row = assertFound(rows[from]);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= rows.length) throw new AppError("CONFLICT", resultRefusals.edge);
    const order = [...rows];
    [order[from], order[to]] = [order[to]!, order[from]!];
    for (const [i, r] of order.entries()) {
      if (r.displayOrder !== i + 1)
        await tx
          .update(results)
          .set({ displayOrder: i + 1 })
          .where(eq(results.id, r.id));
    }
    await recordAuditEvent({
      tx,
      actor,
      action: "result.reordered",
      target: { type: "result", id: String(id) },
      summary: `Moved ${describeResult(row)} ${direction} (place ${from + 1} → ${to + 1})`,
      before: { order: rows.map((r) => r.id) },
      after: { order: order.map((r) => r.id) },
    });
    return { order: order.map((r) => r.id) };
  });
}
