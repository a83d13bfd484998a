import { and, desc, eq, ilike, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { INBOX_PAGE_SIZE, type InboxFilter } from "~/lib/validation/admin/inbox";
import type { InboxPage } from "~/lib/view-types/admin/inbox";
import type { DbOrTx } from "../../db/client.ts";
import { contactSubmissions as c, user } from "../../db/schema.ts";
import { containsPattern } from "../../lib/like-pattern.ts";

const EXCERPT = 140;

/** The sidebar's badge: messages nobody has looked at yet (one count on the status index). */
export async function countNewInboxMessages(options: { db: DbOrTx }): Promise<number> {
  const [row] = await options.db
    .select({ n: sql<number>`count(*)::int` })
    .from(c)
    .where(eq(c.status, "new"));
  return row?.n ?? 0;
}

/**
 * Contact messages, newest first, a page at a time: in the chosen status ("active": all but
 * closed), assigned to the viewer or to nobody if asked, and containing the search term in the
 * sender's email or name or in the text (any case, wildcards literal). A page past the end shows the last.
 */
export async function listInboxMessages(options: {
  db: DbOrTx;
  filter: InboxFilter;
  viewerId: string;
}): Promise<InboxPage> {
  const { db, filter, viewerId } = options;
  const conditions: SQL[] = [];
  if (filter.status === "active") conditions.push(ne(c.status, "closed"));
  else if (filter.status !== "all") conditions.push(eq(c.status, filter.status));
  if (filter.assigned === "mine") conditions.push(eq(c.assignedTo, viewerId));
  if (filter.assigned === "unassigned") conditions.push(isNull(c.assignedTo));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(or(ilike(c.email, pattern), ilike(c.name, pattern), ilike(c.message, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(c)
    .where(where)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const page = Math.min(filter.page, pageCount);
  const assignee = alias(user, "assignee");
  const rows = await db
    .select({
      id: c.id,
      name: c.name,
      email: c.email,
      excerpt: sql<string>`left(${c.message}, ${EXCERPT + 1})`,
      status: c.status,
      assignee: assignee.email,
      memberId: c.userId,
      createdAt: c.createdAt,
    })
    .from(c)
    .leftJoin(assignee, eq(assignee.id, c.assignedTo))
    .where(where)
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((page - 1) * INBOX_PAGE_SIZE);
  return {
    rows: rows.map((row) => ({
      ...row,
      excerpt: row.excerpt.length > EXCERPT ? `${row.excerpt.slice(0, EXCERPT - 1)}…` : row.excerpt,
      assignee: row.assignee ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    page,
    pageCount,
  };
}
