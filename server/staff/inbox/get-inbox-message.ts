import { asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { InboxMessage, ReplyDelivery, ThreadItem } from "~/lib/view-types/admin/inbox";
import type { DbOrTx } from "../../db/client.ts";
import { contactSubmissions as c, contactThreadEntries as e, user } from "../../db/schema.ts";
import { INBOX_REPLY_MAX_ATTEMPTS } from "./deliver-inbox-replies.ts";

/** The most of a sender's messages one thread shows (the newest). */
export const THREAD_MESSAGES_MAX = 100;

function deliveryOf(entry: { emailSentAt: Date | null; emailAttempts: number; lastError: string | null }) {
  if (entry.emailSentAt) return "sent" satisfies ReplyDelivery;
  if (entry.emailAttempts >= INBOX_REPLY_MAX_ATTEMPTS) return "failed" satisfies ReplyDelivery;
  return entry.lastError ? ("retrying" satisfies ReplyDelivery) : ("queued" satisfies ReplyDelivery);
}

/**
 * One message with its sender's whole thread: every message the same person sent (the same
 * email in any case; for a member's message also their account and its address) and every staff reply and internal note on
 * them, in time order. Null when the message does not exist.
 */
export async function getInboxMessage(options: { db: DbOrTx; messageId: number }): Promise<InboxMessage | null> {
  const { db, messageId } = options;
  const [row] = await db.select().from(c).where(eq(c.id, messageId));
  if (!row) return null;
  // A member is also whoever wrote from their account's address, signed in or not.
  const [account] = row.userId ? await db.select({ email: user.email }).from(user).where(eq(user.id, row.userId)) : [];
  const addresses = [
    ...new Set([row.email, account?.email].filter((a) => a !== undefined).map((a) => a.toLowerCase())),
  ];
  const sameSender = or(inArray(sql`lower(${c.email})`, addresses), ...(row.userId ? [eq(c.userId, row.userId)] : []));
  const messages = await db
    .select()
    .from(c)
    .where(sameSender)
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(THREAD_MESSAGES_MAX + 1);
  const shown = messages.slice(0, THREAD_MESSAGES_MAX);
  if (!shown.some((m) => m.id === row.id)) shown.push(row);
  const entries = await db
    .select()
    .from(e)
    .where(
      inArray(
        e.submissionId,
        shown.map((m) => m.id),
      ),
    )
    .orderBy(asc(e.createdAt), asc(e.id));
  const items: ThreadItem[] = [
    ...shown.map((m): ThreadItem => ({
      kind: "message",
      id: m.id,
      at: m.createdAt.toISOString(),
      name: m.name,
      email: m.email,
      telegram: m.telegram,
      body: m.message,
      status: m.status,
      current: m.id === row.id,
    })),
    ...entries.map((entry): ThreadItem =>
      entry.kind === "reply"
        ? {
            kind: "reply",
            id: entry.id,
            at: entry.createdAt.toISOString(),
            submissionId: entry.submissionId,
            author: entry.authorLabel,
            body: entry.body,
            delivery: deliveryOf(entry),
            sentAt: entry.emailSentAt?.toISOString() ?? null,
            attempts: entry.emailAttempts,
            lastError: entry.lastError,
          }
        : {
            kind: "note",
            id: entry.id,
            at: entry.createdAt.toISOString(),
            submissionId: entry.submissionId,
            author: entry.authorLabel,
            body: entry.body,
          },
    ),
  ];
  // Time order; at the same instant a message comes before what answers it.
  const rank = { message: 0, note: 1, reply: 1 } as const;
  items.sort((a, b) => a.at.localeCompare(b.at) || rank[a.kind] - rank[b.kind] || a.id - b.id);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    telegram: row.telegram,
    message: row.message,
    status: row.status,
    assignedTo: row.assignedTo,
    memberId: row.userId,
    createdAt: row.createdAt.toISOString(),
    thread: items,
    threadCut: messages.length > THREAD_MESSAGES_MAX,
  };
}
