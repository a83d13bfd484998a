import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { knowledgebaseArticles } from "../db/schema.ts";

/** `content` is HTML sanitized when it was written (DESIGN.md §6), safe to render as is. */
export type KnowledgebaseArticle = { id: number; title: string; content: string };

/** spec §7 "Select knowledgebase": published articles by display order. */
export async function listKnowledgebase(db: DbOrTx): Promise<KnowledgebaseArticle[]> {
  return db
    .select({ id: knowledgebaseArticles.id, title: knowledgebaseArticles.title, content: knowledgebaseArticles.content })
    .from(knowledgebaseArticles)
    .where(eq(knowledgebaseArticles.published, true))
    .orderBy(asc(knowledgebaseArticles.displayOrder), asc(knowledgebaseArticles.id));
}
