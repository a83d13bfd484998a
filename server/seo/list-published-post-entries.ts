import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { blogPosts } from "../db/schema.ts";

export type PublishedPostEntry = {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  createdAt: Date;
};

/** Published blog posts, newest first: what the sitemap and the RSS feed list. Drafts never appear. */
export async function listPublishedPostEntries(options: { db: DbOrTx }): Promise<PublishedPostEntry[]> {
  return options.db
    .select({
      slug: blogPosts.slug,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      category: blogPosts.category,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
}
