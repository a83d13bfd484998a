import { and, eq } from "drizzle-orm";
import type { BlogPost } from "~/lib/view-types/content";
import type { DbOrTx } from "../db/client.ts";
import { blogPosts } from "../db/schema.ts";
import { summaryColumns } from "./list-blog-posts.ts";
import { sanitizeHtml } from "./sanitize.ts";

/**
 * One published blog post by slug, or null. `content` is sanitized
 * HTML: cleaned when written by the site, and cleaned again here because editors
 * also write rows straight into the database.
 */
export async function getBlogPost(options: { db: DbOrTx; slug: string }): Promise<BlogPost | null> {
  const { db, slug } = options;
  const [row] = await db
    .select({
      ...summaryColumns,
      content: blogPosts.content,
      createdAt: blogPosts.createdAt,
      seoTitle: blogPosts.seoTitle,
      seoDescription: blogPosts.seoDescription,
      socialImage: blogPosts.socialImage,
    })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)))
    .limit(1);
  return row ? { ...row, content: sanitizeHtml(row.content), createdAt: row.createdAt.toISOString() } : null;
}
