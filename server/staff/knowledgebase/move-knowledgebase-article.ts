import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { knowledgebaseArticles } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { articleNotFound } from "./knowledgebase-article-text.ts";

/**
 * Moves an article one place up or down the list and stores the whole order as
 * display_order 1…n, in one transaction with its audit row: members' dashboards show the new
 * order at once. The first article moved up (the last down) stays where it is.
 */
export async function moveKnowledgebaseArticle(options: {
  db: Db;
  id: number;
  direction: "up" | "down";
  actor: StaffActor;
}) {
  return options.db.transaction(async (tx) => {
    // The whole list is locked: two moves at once run in turn, each on the order the other left.
    await tx.execute(sql`lock table ${knowledgebaseArticles} in share row exclusive mode`);
    const rows = await tx
      .select({
        id: knowledgebaseArticles.id,
        title: knowledgebaseArticles.title,
        displayOrder: knowledgebaseArticles.displayOrder,
      })
      .from(knowledgebaseArticles)
      .orderBy(asc(knowledgebaseArticles.displayOrder), asc(knowledgebaseArticles.id));
    const from = rows.findIndex((row) => row.id === options.id);
    if (from === -1) throw articleNotFound();
    const to = options.direction === "up" ? from - 1 : from + 1;
    const article = rows[from]!;
    if (to < 0 || to >= rows.length)
      return { id: options.id, title: article.title, position: from + 1, changed: false };
    const order = rows.map((row) => row.id);
    [order[from], order[to]] = [order[to]!, order[from]!];
    for (const [index, id] of order.entries()) {
      const row = rows.find((r) => r.id === id)!;
      if (row.displayOrder !== index + 1)
        await tx
          .update(knowledgebaseArticles)
          .set({ displayOrder: index + 1 })
          .where(eq(knowledgebaseArticles.id, id));
    }
    await recordAuditEvent({
      tx,
      actor: options.actor,
      action: "knowledgebase.moved",
      target: { type: "knowledgebase", id: String(options.id) },
      summary: `Knowledgebase article “${article.title}” moved ${options.direction} (${from + 1} → ${to + 1})`,
      before: { position: from + 1, order: rows.map((row) => row.id) },
      after: { position: to + 1, order },
    });
    return { id: options.id, title: article.title, position: to + 1, changed: true };
  });
}
