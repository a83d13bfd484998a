import { eq } from "drizzle-orm";
import type { AdminKnowledgebaseArticle } from "~/lib/view-types/admin/knowledgebase";
import type { DbOrTx } from "../../db/client.ts";
import { knowledgebaseArticles } from "../../db/schema.ts";

/** One article for the editor, or null. */
export async function getKnowledgebaseArticle(options: {
  db: DbOrTx;
  id: number;
}): Promise<AdminKnowledgebaseArticle | null> {
  const [row] = await options.db
    .select({
      id: knowledgebaseArticles.id,
      title: knowledgebaseArticles.title,
      content: knowledgebaseArticles.content,
      published: knowledgebaseArticles.published,
    })
    .from(knowledgebaseArticles)
    .where(eq(knowledgebaseArticles.id, options.id));
  return row ?? null;
}
