import { and, eq, gt } from "drizzle-orm";
import type { PostFields } from "~/lib/validation/admin/posts";
import type { BlogPost } from "~/lib/view-types/content";
import type { DbOrTx } from "../../db/client.ts";
import { blogPosts, blogPreviews } from "../../db/schema.ts";
import { PREVIEW_TTL_MS } from "./create-post-preview.ts";
import { dayOf } from "./post-rows.ts";

/**
 * A preview as the public post page receives a post, or null when unknown or older
 * than a day. Dated like the post would be: its own date once published, else today.
 */
export async function getPostPreview(options: { db: DbOrTx; id: string; now?: Date }): Promise<BlogPost | null> {
  const now = options.now ?? new Date();
  if (!/^[0-9a-f]{32}$/.test(options.id)) return null;
  const [row] = await options.db
    .select({
      post: blogPreviews.post,
      createdAt: blogPreviews.createdAt,
      date: blogPosts.date,
      publishedAt: blogPosts.publishedAt,
    })
    .from(blogPreviews)
    .leftJoin(blogPosts, eq(blogPosts.id, blogPreviews.postId))
    .where(and(eq(blogPreviews.id, options.id), gt(blogPreviews.createdAt, new Date(now.getTime() - PREVIEW_TTL_MS))));
  if (!row) return null;
  const post = row.post as Omit<PostFields, "announceTelegram">;
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    category: post.category,
    date: row.publishedAt && row.date ? row.date : dayOf(now),
    image: post.image,
    author: post.author,
    authorRole: post.authorRole,
    content: post.content,
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    socialImage: post.socialImage,
    createdAt: row.createdAt.toISOString(),
  };
}
