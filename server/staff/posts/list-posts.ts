import { and, count, desc, ilike, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { POST_PAGE_SIZE, type PostStatus } from "~/lib/validation/admin/posts";
import type { AdminPostPage } from "~/lib/view-types/admin/posts";
import type { DbOrTx } from "../../db/client.ts";
import { blogPosts } from "../../db/schema.ts";
import { containsPattern } from "../../lib/like-pattern.ts";
import { readAnnouncements } from "./announce/announcement-rows.ts";
import { statusOf } from "./post-rows.ts";

const STATUS_WHERE: Record<PostStatus, SQL> = {
  archived: isNotNull(blogPosts.archivedAt),
  published: sql`${blogPosts.published}`,
  scheduled: and(isNotNull(blogPosts.scheduledAt), sql`not ${blogPosts.published}`)!,
  draft: and(isNull(blogPosts.archivedAt), isNull(blogPosts.scheduledAt), sql`not ${blogPosts.published}`)!,
};

/**
 * Every post for the back office, whatever its status, most recently changed
 * first; `search` matches the title (any case), `status` narrows the list. A page past the end
 * shows the last one.
 */
export async function listPosts(options: {
  db: DbOrTx;
  search?: string;
  status?: PostStatus;
  page: number;
}): Promise<AdminPostPage> {
  const { db } = options;
  const conditions: SQL[] = [];
  const term = options.search?.trim();
  if (term) conditions.push(ilike(blogPosts.title, containsPattern(term)));
  if (options.status) conditions.push(STATUS_WHERE[options.status]);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ total }] = (await db.select({ total: count() }).from(blogPosts).where(where)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / POST_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(options.page) || 1), pageCount);
  const rows = await db
    .select()
    .from(blogPosts)
    .where(where)
    .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
    .limit(POST_PAGE_SIZE)
    .offset((page - 1) * POST_PAGE_SIZE);
  const announcements = await readAnnouncements({ db, postIds: rows.map((row) => row.id) });
  return {
    posts: rows.map((row) => ({
      id: row.id,
      title: row.title,
      slug: row.slug,
      category: row.category,
      author: row.author,
      status: statusOf(row),
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
      announcement: announcements.get(row.id) ?? null,
    })),
    total: Number(total),
    page,
    pageCount,
  };
}
