import { asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { InboxMessage, ReplyDelivery, StaffAlert, ThreadItem } from "~/lib/view-types/admin/inbox";
import { CONTACT_ALERT_MAX_ATTEMPTS } from "../../contact/send-contact-alerts.ts";
import type { DbOrTx } from "../../db/client.ts";
import { contactSubmissions as c, contactThreadEntries as e, user } from "../../db/schema.ts";
import { INBOX_REPLY_MAX_ATTEMPTS } from "./deliver-inbox-replies.ts";

/** A thread shows its sender's newest messages this many at a time; "older messages" adds as many again. */
export const THREAD_MESSAGES_STEP = 100;

function alertOf(row: typeof c.$inferSelect): StaffAlert {
  const channel = (sentAt: Date | null, error: string | null) => ({
    sentAt: sentAt?.toISOString() ?? null,
    error: sentAt ? null : error,
  });
  const state = row.alertSentAt
    ? "sent"
    : row.alertAttempts >= CONTACT_ALERT_MAX_ATTEMPTS
      ? "failed"
      : row.alertLastError
        ? "retrying"
        : "pending";
  return {
    state,
    attempts: row.alertAttempts,
    maxAttempts: CONTACT_ALERT_MAX_ATTEMPTS,
    email: channel(row.alertEmailSentAt, row.alertEmailError),
    telegram: channel(row.alertTelegramSentAt, row.alertTelegramError),
  };
}

function deliveryOf(entry: { emailSentAt: Date | null; emailAttempts: number; lastError: string | null }) {
  if (entry.emailSentAt) return "sent" satisfies ReplyDelivery;
  if (entry.emailAttempts >= INBOX_REPLY_MAX_ATTEMPTS) return "failed" satisfies ReplyDelivery;
  return entry.lastError ? ("retrying" satisfies ReplyDelivery) : ("queued" satisfies ReplyDelivery);
}

/**
 * One message with its sender's thread: the messages the same person sent (the same email in any
 * case; for a member's message also their account and its address), newest `shownMessages` of
 * them (the page asks for more), with every staff reply and internal note on those, in time
 * order, and how many there are in all. Null when the message does not exist.
 */
export async function getInboxMessage(options: {
  db: DbOrTx;
  messageId: number;
  shownMessages?: number;
}): Promise<InboxMessage | null> {
  const { db, messageId, shownMessages = THREAD_MESSAGES_STEP } = options;
  const [row] = await db.select().from(c).where(eq(c.id, messageId));
  if (!row) return null;
  // A member is also whoever wrote from their account's address, signed in or not.
  const [account] = row.userId ? await db.select({ email: user.email }).from(user).where(eq(user.id, row.userId)) : [];
  const addresses = [
    ...new Set([row.email, account?.email].filter((a) => a !== undefined).map((a) => a.toLowerCase())),
  ];
  const sameSender = or(inArray(sql`lower(${c.email})`, addresses), ...(row.userId ? [eq(c.userId, row.userId)] : []));
  const [shown, [counted]] = await Promise.all([
    db.select().from(c).where(sameSender).orderBy(desc(c.createdAt), desc(c.id)).limit(shownMessages),
    db.select({ total: count() }).from(c).where(sameSender),
  ]);
  // The page's own message is always in its thread, however old.
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
    threadMessages: { shown: shown.length, total: Math.max(counted!.total, shown.length) },
    alert: alertOf(row),
  };
}
