import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import type { NotificationKind } from "../db/notifications-schema.ts";

export { notificationKinds, type NotificationKind } from "../db/notifications-schema.ts";

/**
 * Queues a message to a member inside the caller's transaction (transactional outbox):
 * it is delivered only if the change it describes commits, and retried until it is.
 * `payload` values are display strings (amounts already formatted, dates ISO).
 *
 * Nothing is queued for a deleted account: its address is an undeliverable placeholder and its
 * notifications were erased with it, while what happens to it later (a transfer still arriving at
 * its deposit address) is kept in the books only. The check and the insert are one statement.
 */
export async function enqueueNotification(options: {
  tx: DbOrTx;
  userId: string;
  kind: NotificationKind;
  payload: Record<string, string>;
}) {
  await options.tx.execute(sql`
    insert into notifications (user_id, kind, payload)
    select u.id, ${options.kind}, ${JSON.stringify(options.payload)}::jsonb
    from "user" u
    where u.id = ${options.userId} and u.deleted_at is null`);
}
