import { asc } from "drizzle-orm";
import type { AdminKnowledgebaseRow } from "~/lib/view-types/admin/knowledgebase";
import type { DbOrTx } from "../../db/client.ts";
import { knowledgebaseArticles } from "../../db/schema.ts";

/**
 * Every knowledgebase article, published or not, in the order members see them (display order,
 * then id).
 */
export async function listKnowledgebaseArticles(options: { db: DbOrTx }): Promise<AdminKnowledgebaseRow[]> {
  const rows = await options.db
    .select({
      id: knowledgebaseArticles.id,
      title: knowledgebaseArticles.title,
      published: knowledgebaseArticles.published,
      displayOrder: knowledgebaseArticles.displayOrder,
      createdAt: knowledgebaseArticles.createdAt,
    })
    .from(knowledgebaseArticles)
    .orderBy(asc(knowledgebaseArticles.displayOrder), asc(knowledgebaseArticles.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
