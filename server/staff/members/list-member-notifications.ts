import { desc, eq } from "drizzle-orm";
import type { MemberNotificationView } from "~/lib/view-types/admin/members";
import type { DbOrTx } from "../../db/client.ts";
import { notifications } from "../../db/schema.ts";

export const MEMBER_NOTIFICATIONS_LIMIT = 50;

/** The newest notifications sent (or being sent) to the member, with how each delivery went. */
export async function listMemberNotifications(options: {
  db: DbOrTx;
  memberId: string;
}): Promise<MemberNotificationView[]> {
  const rows = await options.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, options.memberId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(MEMBER_NOTIFICATIONS_LIMIT);
  return rows.map((n) => ({
    id: String(n.id),
    kind: n.kind,
    createdAt: n.createdAt.toISOString(),
    emailSentAt: n.emailSentAt?.toISOString() ?? null,
    emailAttempts: n.emailAttempts,
    lastError: n.lastError,
    telegramStatus: n.telegramStatus,
    telegramError: n.telegramError,
  }));
}
