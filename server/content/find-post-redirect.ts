import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { blogPosts, blogRedirects } from "../db/schema.ts";

/**
 * The slug a published post has today, for an address it used to have, or null:
 * /blog/<old slug> answers 301 there. One hop whatever the number of renames (each old slug
 * points at the post, not at the next slug); a post that is not public redirects nowhere.
 */
export async function findPostRedirect(options: { db: DbOrTx; slug: string }): Promise<string | null> {
  const [row] = await options.db
    .select({ slug: blogPosts.slug })
    .from(blogRedirects)
    .innerJoin(blogPosts, eq(blogPosts.id, blogRedirects.postId))
    .where(and(eq(blogRedirects.oldSlug, options.slug), eq(blogPosts.published, true)))
    .limit(1);
  return row && row.slug !== options.slug ? row.slug : null;
}
