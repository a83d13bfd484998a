import { formatDateTime } from "~/lib/dates";
import { cn } from "~/lib/utils";
import type { StaffAlert, StaffAlertChannel } from "~/lib/view-types/admin/inbox";

const STATE: Record<StaffAlert["state"], string> = {
  pending: "Staff alert: waiting to be sent",
  retrying: "Staff alert: not sent yet, will retry",
  sent: "Staff alerted",
  failed: "Staff alert: not sent, gave up",
};

/** One channel's line, or nothing when the channel was never tried (not configured). */
function channelText(name: string, channel: StaffAlertChannel) {
  if (channel.sentAt) return `${name}: sent ${formatDateTime(channel.sentAt)}`;
  if (channel.error) return `${name}: failed: ${channel.error}`;
  return null;
}

/**
 * Where the staff's alert of this message is (the email to the support address, the Telegram
 * message to the staff chat), and for a channel that failed, its error, so a missed alert is
 * seen on the message itself.
 */
export function InboxAlertStatus({ alert }: { alert: StaffAlert }) {
  const lines = [channelText("Email", alert.email), channelText("Telegram", alert.telegram)].filter(
    (line): line is string => line !== null,
  );
  const trouble = alert.state === "retrying" || alert.state === "failed";
  const tries =
    alert.attempts > 0 && alert.state !== "sent" ? ` (${alert.attempts} of ${alert.maxAttempts} tries)` : "";
  return (
    <section
      aria-label="Staff alert"
      data-state={alert.state}
      className={cn(
        "grid gap-1 rounded-lg border p-3 text-sm",
        trouble ? "border-destructive/60" : "text-muted-foreground",
      )}
    >
      <p className={cn(trouble && "font-medium", alert.state === "failed" && "text-destructive")}>
        {alert.state === "sent" && lines.length === 0
          ? "Staff alert: no channel was set up to send it"
          : STATE[alert.state]}
        {tries}
      </p>
      {lines.length > 0 ? (
        <ul className="grid gap-0.5">
          {lines.map((line) => (
            <li key={line} className="break-words">
              {line}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
