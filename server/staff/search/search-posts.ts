import { asc, desc, ilike, sql } from "drizzle-orm";
import type { PostHit, SearchGroup } from "~/lib/view-types/admin/search";
import type { DbOrTx } from "../../db/client.ts";
import { blogPosts } from "../../db/schema.ts";
import { containsPattern, prefixPattern } from "../../lib/like-pattern.ts";
import { statusOf } from "../posts/post-rows.ts";

/** Posts in any status, whose title contains the term (any case): titles that start with it first, then the newest. */
export async function searchPosts(options: {
  db: DbOrTx;
  term: string;
  limit: number;
  offset?: number;
}): Promise<SearchGroup<PostHit>> {
  const { db, term, limit, offset = 0 } = options;
  const where = ilike(blogPosts.title, containsPattern(term));
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: blogPosts.id,
        title: blogPosts.title,
        slug: blogPosts.slug,
        published: blogPosts.published,
        scheduledAt: blogPosts.scheduledAt,
        archivedAt: blogPosts.archivedAt,
        createdAt: blogPosts.createdAt,
      })
      .from(blogPosts)
      .where(where)
      .orderBy(sql`${blogPosts.title} ilike ${prefixPattern(term)} desc`, desc(blogPosts.createdAt), asc(blogPosts.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(blogPosts)
      .where(where),
  ]);
  return {
    total: count!.total,
    rows: rows.map((row) => ({
      id: row.id,
      title: row.title,
      slug: row.slug,
      status: statusOf(row),
      date: row.createdAt.toISOString(),
    })),
  };
}
