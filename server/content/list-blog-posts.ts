import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { normalizeSearch } from "~/components/blog/search-term";
import type { DbOrTx } from "../db/client.ts";
import { blogPosts } from "../db/schema.ts";

/** A post as the list and the related-articles block show it (no body). */
export type BlogPostSummary = {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  date: string;
  image: string;
  author: string;
  authorRole: string;
};

export const summaryColumns = {
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  category: blogPosts.category,
  date: blogPosts.date,
  image: blogPosts.image,
  author: blogPosts.author,
  authorRole: blogPosts.authorRole,
};

/**
 * The readable text of the stored (sanitized) HTML: tags dropped, the entities the sanitizer
 * writes turned back into characters. Searching this, not the HTML, keeps "strong" or "href"
 * from matching every article.
 */
const contentText = sql<string>`replace(replace(replace(replace(replace(replace(replace(
  regexp_replace(${blogPosts.content}, '<[^>]*>', ' ', 'g'),
  '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&#x27;', ''''), '&amp;', '&')`;

/** A case-insensitive "contains" pattern with LIKE's wildcards in the term taken literally. */
function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * spec §7 "Select blog (list)": published posts, newest first. With a search term only posts
 * whose title, excerpt, category or article text contain it (any case). `total` counts every
 * match, `posts` holds the first `limit` of them.
 */
export async function listBlogPosts(options: {
  db: DbOrTx;
  search?: string;
  limit: number;
  offset?: number;
}): Promise<{ posts: BlogPostSummary[]; total: number }> {
  const { db, limit, offset = 0 } = options;
  const term = normalizeSearch(options.search);
  const conditions: SQL[] = [eq(blogPosts.published, true)];
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(
      or(
        ilike(blogPosts.title, pattern),
        ilike(blogPosts.excerpt, pattern),
        ilike(blogPosts.category, pattern),
        sql`${contentText} ilike ${pattern}`,
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(blogPosts).where(where),
  ]);
  return { posts: rows, total: Number(count?.total ?? 0) };
}
