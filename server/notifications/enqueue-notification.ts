import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import type { NotificationKind } from "../db/notifications-schema.ts";

export { notificationKinds, type NotificationKind } from "../db/notifications-schema.ts";

/**
 * How long a credit's message waits when the member has an order open: the order's completion,
 * which runs right after the credit commits, folds the message into its own (one message says
 * what arrived, what it paid and what is left). Should the completion never come (a crash
 * between the two), the credit's message goes out alone once this has passed.
 */
export const CREDIT_NOTICE_HOLD_SECONDS = 60;

/**
 * Queues a message to a member inside the caller's transaction (transactional outbox):
 * it is delivered only if the change it describes commits, and retried until it is.
 * `payload` values are display strings (amounts already formatted, dates ISO). Returns the
 * message's id (null when nothing was queued).
 *
 * Nothing is queued for a deleted account: its address is an undeliverable placeholder and its
 * notifications were erased with it, while what happens to it later (a transfer still arriving at
 * its deposit address) is kept in the books only. The check and the insert are one statement.
 *
 * `holdWhileOrderOpen` (a credit to the balance): with a pending order the message is due only
 * after CREDIT_NOTICE_HOLD_SECONDS, so the completion that follows can fold it into its own.
 */
export async function enqueueNotification(options: {
  tx: DbOrTx;
  userId: string;
  kind: NotificationKind;
  payload: Record<string, string>;
  holdWhileOrderOpen?: boolean;
}): Promise<string | null> {
  const due = options.holdWhileOrderOpen
    ? sql`case when exists (select 1 from orders o where o.user_id = u.id and o.status = 'pending')
        then now() + make_interval(secs => ${CREDIT_NOTICE_HOLD_SECONDS}) else now() end`
    : sql`now()`;
  const queued = await options.tx.execute<{ id: string }>(sql`
    insert into notifications (user_id, kind, payload, next_attempt_at)
    select u.id, ${options.kind}, ${JSON.stringify(options.payload)}::jsonb, ${due}
    from "user" u
    where u.id = ${options.userId} and u.deleted_at is null
    returning id::text as id`);
  return queued.rows[0]?.id ?? null;
}
