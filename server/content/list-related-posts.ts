import { and, eq, ne } from "drizzle-orm";
import type { BlogPostSummary } from "~/lib/view-types/content";
import type { DbOrTx } from "../db/client.ts";
import { blogPosts } from "../db/schema.ts";
import { newestFirst, summaryColumns } from "./list-blog-posts.ts";

export const RELATED_POSTS_LIMIT = 3;

/** An article's related posts: other published posts, newest first (by publication), at most 3. */
export async function listRelatedPosts(options: {
  db: DbOrTx;
  slug: string;
  limit?: number;
}): Promise<BlogPostSummary[]> {
  const { db, slug, limit = RELATED_POSTS_LIMIT } = options;
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(eq(blogPosts.published, true), ne(blogPosts.slug, slug)))
    .orderBy(...newestFirst)
    .limit(limit);
}
