import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { normalizeSearch } from "~/lib/search-term";
import type { BlogPostSummary } from "~/lib/view-types/content";
import type { DbOrTx } from "../db/client.ts";
import { blogPosts } from "../db/schema.ts";
import { containsPattern } from "../lib/like-pattern.ts";

/**
 * Newest first by when a post went public (a draft written last week and published
 * today leads the list), then by creation. Every published post has published_at (trigger).
 */
export const newestFirst = [
  sql`${blogPosts.publishedAt} desc nulls last`,
  desc(blogPosts.createdAt),
  desc(blogPosts.id),
];

/** The columns of a BlogPostSummary (the list and the related-articles block: no body). */
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

// Inline formatting vanishes without a trace, so a phrase that runs into bold text still matches.
const INLINE_TAG = String.raw`</?(a|abbr|b|cite|code|em|i|kbd|mark|q|s|small|span|strong|sub|sup|time|u)(\s[^>]*)?>`;
// Every kind of space, no-break ones included (the sanitizer writes &nbsp; as U+00A0), whatever
// the database's locale says \s covers: the search term's spaces are all made one plain space.
const WHITE_SPACE = String.raw`[[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+`;

/**
 * The readable text of the stored HTML: inline tags dropped, other tags made a space, the
 * entities the sanitizer writes (and &nbsp;) turned back into characters, runs of white space
 * made one space (as in a search term). Other named entities an editor may type in psql stay
 * as written. Searching this, not the HTML, keeps "strong" or "href"
 * from matching every article.
 */
const contentText = sql<string>`regexp_replace(replace(replace(replace(replace(replace(replace(replace(
  regexp_replace(regexp_replace(${blogPosts.content}, ${INLINE_TAG}, '', 'gi'), '<[^>]*>', ' ', 'g'),
  '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&#x27;', ''''), '&amp;', '&'), ${WHITE_SPACE}, ' ', 'g')`;

/**
 * The blog list: published posts, newest first (by publication, see newestFirst). With a search term only posts
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
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(blogPosts)
      .where(where),
  ]);
  return { posts: rows, total: Number(count?.total ?? 0) };
}
