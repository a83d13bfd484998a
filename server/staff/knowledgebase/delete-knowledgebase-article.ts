import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { knowledgebaseArticles } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { articleNotFound } from "./knowledgebase-article-text.ts";

/**
 * Deletes an article. The audit row keeps what it was (title, body, state), so
 * it can be written again; both in one transaction.
 */
export async function deleteKnowledgebaseArticle(options: { db: Db; id: number; actor: StaffActor }) {
  return options.db.transaction(async (tx) => {
    const [row] = await tx.delete(knowledgebaseArticles).where(eq(knowledgebaseArticles.id, options.id)).returning();
    if (!row) throw articleNotFound();
    await recordAuditEvent({
      tx,
      actor: options.actor,
      action: "knowledgebase.deleted",
      target: { type: "knowledgebase", id: String(options.id) },
      summary: `Knowledgebase article “${row.title}” deleted`,
      before: { title: row.title, content: row.content, published: row.published, displayOrder: row.displayOrder },
      after: null,
    });
    return { id: options.id, title: row.title };
  });
}
