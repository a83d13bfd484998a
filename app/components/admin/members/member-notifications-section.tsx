import { EmptyState } from "~/components/admin/list/empty-state";
import { formatDateTime } from "~/lib/dates";
import type { MemberNotificationView } from "~/lib/view-types/admin/members";
import { MemberSection } from "./member-section";

function emailState(n: MemberNotificationView) {
  if (n.emailSentAt) return `email sent ${formatDateTime(n.emailSentAt)}`;
  if (n.emailAttempts === 0) return "email not sent yet";
  return `email not sent after ${n.emailAttempts} ${n.emailAttempts === 1 ? "attempt" : "attempts"}`;
}

/** The newest notifications sent to the member and how each delivery went. */
export function MemberNotificationsSection({ notifications }: { notifications: MemberNotificationView[] }) {
  return (
    <MemberSection id="member-notifications" title="Notifications">
      {notifications.length === 0 ? (
        <EmptyState className="text-sm">No notifications sent.</EmptyState>
      ) : (
        <ul className="grid gap-2 text-sm" aria-label="Notifications">
          {notifications.map((n) => (
            <li key={n.id} className="rounded-md border p-3">
              <p>
                <code className="text-xs">{n.kind}</code>{" "}
                <span className="text-muted-foreground tabular-nums">{formatDateTime(n.createdAt)}</span>
              </p>
              <p className="break-words text-muted-foreground">
                {emailState(n)}
                {n.lastError && !n.emailSentAt ? ` (${n.lastError})` : ""} · Telegram {n.telegramStatus ?? "not tried"}
                {n.telegramError ? ` (${n.telegramError})` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </MemberSection>
  );
}
