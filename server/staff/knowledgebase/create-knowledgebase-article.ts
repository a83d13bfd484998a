import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { knowledgebaseArticles } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { cleanArticleBody } from "./knowledgebase-article-text.ts";

/**
 * A new knowledgebase article, unpublished, at the end of the list; its body
 * sanitized on save. One audit row in the same transaction.
 */
export async function createKnowledgebaseArticle(options: {
  db: Db;
  title: string;
  content: string;
  actor: StaffActor;
}) {
  const title = options.title.trim();
  const content = cleanArticleBody(options.content);
  return options.db.transaction(async (tx) => {
    // Locks the table against other writers of the order, so two new articles never share a place.
    await tx.execute(sql`lock table ${knowledgebaseArticles} in share row exclusive mode`);
    const [last] = await tx
      .select({ max: sql<number | null>`max(${knowledgebaseArticles.displayOrder})` })
      .from(knowledgebaseArticles);
    const displayOrder = (last?.max ?? 0) + 1;
    const [row] = await tx
      .insert(knowledgebaseArticles)
      .values({ title, content, published: false, displayOrder })
      .returning({ id: knowledgebaseArticles.id });
    const id = row!.id;
    await recordAuditEvent({
      tx,
      actor: options.actor,
      action: "knowledgebase.created",
      target: { type: "knowledgebase", id: String(id) },
      summary: `Knowledgebase article “${title}” created (unpublished)`,
      before: null,
      after: { title, content, published: false, displayOrder },
    });
    return { id, title };
  });
}
