import { and, desc, ilike, sql, type SQL } from "drizzle-orm";
import { NEWSLETTER_PAGE_SIZE, type NewsletterFilter } from "~/lib/validation/admin/newsletter";
import type { NewsletterCounts, NewsletterSubscriberPage } from "~/lib/view-types/admin/newsletter";
import type { DbOrTx } from "../../db/client.ts";
import { newsletterSubscribers as s } from "../../db/schema.ts";
import { containsPattern } from "../../lib/like-pattern.ts";
import { subscriberStatusOf, subscriberStatusSql } from "./subscriber-status.ts";

/** Confirmed, pending and unsubscribed addresses, counted in one pass. */
export async function countNewsletterSubscribers(options: { db: DbOrTx }): Promise<NewsletterCounts> {
  const rows = await options.db
    .select({ status: subscriberStatusSql, n: sql<number>`count(*)::int` })
    .from(s)
    .groupBy(subscriberStatusSql);
  const counts: NewsletterCounts = { confirmed: 0, pending: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/**
 * The subscribers, newest first, one page at a time: those whose address contains the search
 * term (any case, its wildcards literal) and in the chosen state. A page past the end shows the last.
 */
export async function listNewsletterSubscribers(options: {
  db: DbOrTx;
  filter: NewsletterFilter;
}): Promise<NewsletterSubscriberPage> {
  const { db, filter } = options;
  const conditions: SQL[] = [];
  if (filter.q) conditions.push(ilike(s.email, containsPattern(filter.q)));
  if (filter.status !== "all") conditions.push(sql`${subscriberStatusSql} = ${filter.status}`);
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(s)
    .where(where)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / NEWSLETTER_PAGE_SIZE));
  const page = Math.min(filter.page, pageCount);
  const rows = await db
    .select({
      id: s.id,
      email: s.email,
      createdAt: s.createdAt,
      confirmedAt: s.confirmedAt,
      unsubscribedAt: s.unsubscribedAt,
    })
    .from(s)
    .where(where)
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(NEWSLETTER_PAGE_SIZE)
    .offset((page - 1) * NEWSLETTER_PAGE_SIZE);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      email: row.email,
      status: subscriberStatusOf(row),
      createdAt: row.createdAt.toISOString(),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    })),
    total,
    page,
    pageCount,
  };
}
