import type { DbOrTx } from "../db/client.ts";
import { notifications } from "../db/schema.ts";

export const notificationKinds = [
  "purchase_confirmed",
  "deposit_credited",
  "renewal_charged",
  "renewal_failed",
  "subscription_expired",
  "renewal_reminder",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

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
  await options.tx.insert(notifications).values({ userId: options.userId, kind: options.kind, payload: options.payload });
}
