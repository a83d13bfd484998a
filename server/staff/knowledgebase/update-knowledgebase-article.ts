import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { knowledgebaseArticles } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { articleNotFound, cleanArticleBody } from "./knowledgebase-article-text.ts";

/**
 * Saves an article's title and body, the body sanitized on save; an unchanged
 * article writes nothing. The change and its audit row (before and after) in one transaction.
 */
export async function updateKnowledgebaseArticle(options: {
  db: Db;
  id: number;
  title: string;
  content: string;
  actor: StaffActor;
}) {
  const title = options.title.trim();
  const content = cleanArticleBody(options.content);
  return options.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ title: knowledgebaseArticles.title, content: knowledgebaseArticles.content })
      .from(knowledgebaseArticles)
      .where(eq(knowledgebaseArticles.id, options.id))
      .for("update");
    if (!before) throw articleNotFound();
    if (before.title === title && before.content === content) return { id: options.id, title, changed: false };
    await tx.update(knowledgebaseArticles).set({ title, content }).where(eq(knowledgebaseArticles.id, options.id));
    await recordAuditEvent({
      tx,
      actor: options.actor,
      action: "knowledgebase.updated",
      target: { type: "knowledgebase", id: String(options.id) },
      summary:
        before.title === title
          ? `Knowledgebase article “${title}” edited`
          : `Knowledgebase article “${before.title}” edited, now “${title}”`,
      before,
      after: { title, content },
    });
    return { id: options.id, title, changed: true };
  });
}
