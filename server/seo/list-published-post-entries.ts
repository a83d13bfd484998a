import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { blogPosts } from "../db/schema.ts";

export type PublishedPostEntry = {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  createdAt: Date;
  /** When it went public (the feed's pubDate); the creation time for a row published before that was kept. */
  publishedAt: Date;
  /** When it last changed (the sitemap's lastmod): an edit after publication is news to a crawler. */
  updatedAt: Date;
};

/** Published blog posts, newest first by publication: what the sitemap and the RSS feed list. Drafts never appear. */
export async function listPublishedPostEntries(options: { db: DbOrTx }): Promise<PublishedPostEntry[]> {
  return (
    options.db
      .select({
        slug: blogPosts.slug,
        title: blogPosts.title,
        excerpt: blogPosts.excerpt,
        category: blogPosts.category,
        createdAt: blogPosts.createdAt,
        publishedAt: sql<Date>`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`.mapWith(
          blogPosts.publishedAt,
        ),
        // Never before publication: a draft edited for weeks went public when it was published.
        updatedAt:
          sql<Date>`greatest(${blogPosts.updatedAt}, ${blogPosts.publishedAt}, ${blogPosts.createdAt})`.mapWith(
            blogPosts.updatedAt,
          ),
      })
      .from(blogPosts)
      .where(eq(blogPosts.published, true))
      // The public list's order (content/list-blog-posts.ts newestFirst): by publication.
      .orderBy(sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.createdAt), desc(blogPosts.id))
  );
}
