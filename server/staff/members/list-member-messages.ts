import { desc, eq, or, sql } from "drizzle-orm";
import type { InboxStatus, MemberContactMessage } from "~/lib/view-types/admin/inbox";
import type { DbOrTx } from "../../db/client.ts";
import { contactSubmissions as c, user } from "../../db/schema.ts";

export const MEMBER_MESSAGES_LIMIT = 50;
const EXCERPT = 140;

/**
 * The member's newest contact messages, as the inbox gathers a member's thread: sent while
 * signed in, or from their account's address in any case.
 */
export async function listMemberMessages(options: { db: DbOrTx; memberId: string }): Promise<MemberContactMessage[]> {
  const { db, memberId } = options;
  const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, memberId));
  if (!account) return [];
  const rows = await db
    .select({
      id: c.id,
      excerpt: sql<string>`left(${c.message}, ${EXCERPT + 1})`,
      status: c.status,
      createdAt: c.createdAt,
    })
    .from(c)
    .where(or(eq(c.userId, memberId), sql`lower(${c.email}) = lower(${account.email})`))
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(MEMBER_MESSAGES_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    excerpt: row.excerpt.length > EXCERPT ? `${row.excerpt.slice(0, EXCERPT - 1)}…` : row.excerpt,
    status: row.status as InboxStatus,
    createdAt: row.createdAt.toISOString(),
  }));
}
