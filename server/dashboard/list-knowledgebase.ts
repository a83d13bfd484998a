import { asc, eq } from "drizzle-orm";
import type { KnowledgebaseArticle } from "~/lib/view-types/member";
import { sanitizeHtml } from "../content/sanitize.ts";
import type { DbOrTx } from "../db/client.ts";
import { knowledgebaseArticles } from "../db/schema.ts";

/**
 * The dashboard's knowledgebase: published articles by display order. `content` is sanitized
 * HTML, safe to render as is: cleaned when written by the site, and cleaned again
 * here because editors also write rows straight into the database.
 */
export async function listKnowledgebase({ db }: { db: DbOrTx }): Promise<KnowledgebaseArticle[]> {
  const rows = await db
    .select({
      id: knowledgebaseArticles.id,
      title: knowledgebaseArticles.title,
      content: knowledgebaseArticles.content,
    })
    .from(knowledgebaseArticles)
    .where(eq(knowledgebaseArticles.published, true))
    .orderBy(asc(knowledgebaseArticles.displayOrder), asc(knowledgebaseArticles.id));
  return rows.map((row) => ({ ...row, content: sanitizeHtml(row.content) }));
}
