import type { DbOrTx } from "../db/client.ts";
import type { NotificationKind } from "../db/notifications-schema.ts";
import { notifications } from "../db/schema.ts";

export { notificationKinds, type NotificationKind } from "../db/notifications-schema.ts";

/**
 * Queues a message to a member inside the caller's transaction (transactional outbox):
 * it is delivered only if the change it describes commits, and retried until it is.
 * `payload` values are display strings (amounts already formatted, dates ISO).
 */
export async function enqueueNotification(options: {
  tx: DbOrTx;
  userId: string;
  kind: NotificationKind;
  payload: Record<string, string>;
}) {
  await options.tx
    .insert(notifications)
    .values({ userId: options.userId, kind: options.kind, payload: options.payload });
}
