import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { knowledgebaseArticles } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { articleNotFound } from "./knowledgebase-article-text.ts";

/**
 * Publishes an article (members see it in their dashboard's Knowledgebase at once) or takes it
 * back. Audited in the same transaction; asking for the state it has writes nothing.
 */
export async function publishKnowledgebaseArticle(options: {
  db: Db;
  id: number;
  published: boolean;
  actor: StaffActor;
}) {
  return options.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ title: knowledgebaseArticles.title, published: knowledgebaseArticles.published })
      .from(knowledgebaseArticles)
      .where(eq(knowledgebaseArticles.id, options.id))
      .for("update");
    if (!row) throw articleNotFound();
    if (row.published === options.published)
      return { id: options.id, title: row.title, published: row.published, changed: false };
    await tx
      .update(knowledgebaseArticles)
      .set({ published: options.published })
      .where(eq(knowledgebaseArticles.id, options.id));
    await recordAuditEvent({
      tx,
      actor: options.actor,
      action: options.published ? "knowledgebase.published" : "knowledgebase.unpublished",
      target: { type: "knowledgebase", id: String(options.id) },
      summary: `Knowledgebase article “${row.title}” ${options.published ? "published" : "unpublished"}`,
      before: { published: row.published },
      after: { published: options.published },
    });
    return { id: options.id, title: row.title, published: options.published, changed: true };
  });
}
