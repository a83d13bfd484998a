import { LockIcon, MailIcon, SendIcon } from "lucide-react";
import { formatDateTime } from "~/lib/dates";
import { cn } from "~/lib/utils";
import type { ReplyDelivery, ThreadItem } from "~/lib/view-types/admin/inbox";
import { InboxStatusBadge } from "./inbox-status-badge";

const DELIVERY: Record<ReplyDelivery, string> = {
  queued: "Sending…",
  retrying: "Not sent yet: will retry",
  sent: "Emailed",
  failed: "Not sent: gave up",
};

/** What went out by email and when; a failure says why. */
function deliveryText(item: Extract<ThreadItem, { kind: "reply" }>) {
  if (item.delivery === "sent" && item.sentAt) return `${DELIVERY.sent} ${formatDateTime(item.sentAt)}`;
  const tries = item.attempts > 0 ? ` (${item.attempts} ${item.attempts === 1 ? "try" : "tries"})` : "";
  return `${DELIVERY[item.delivery]}${tries}${item.lastError ? `: ${item.lastError}` : ""}`;
}

/**
 * A sender's thread in time order: their messages, the staff's emailed replies (with where each
 * email is) and internal notes, marked and tinted apart. Every text is rendered as text, line
 * breaks kept: markup a visitor wrote shows as written.
 */
export function InboxThread({ items }: { items: ThreadItem[] }) {
  return (
    <ol className="grid gap-3" aria-label="Thread">
      {items.map((item) => (
        <li
          key={`${item.kind}-${item.id}`}
          data-kind={item.kind}
          className={cn(
            "grid gap-2 rounded-lg border p-3 text-sm",
            item.kind === "reply" && "border-primary/40 bg-primary/5 sm:ml-8",
            item.kind === "note" && "border-dashed border-warning bg-warning/10 sm:ml-8",
            item.kind === "message" && item.current && "ring-2 ring-ring/40",
          )}
        >
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {item.kind === "message" ? (
              <>
                <MailIcon aria-hidden="true" className="size-4" />
                <span className="font-medium break-all">
                  {item.name} &lt;{item.email}&gt;
                </span>
                {item.telegram ? <span className="text-muted-foreground">Telegram: {item.telegram}</span> : null}
                <InboxStatusBadge status={item.status} />
                {item.current ? <span className="text-xs font-medium">This message</span> : null}
              </>
            ) : item.kind === "reply" ? (
              <>
                <SendIcon aria-hidden="true" className="size-4" />
                <span className="font-medium">Reply from {item.author}</span>
              </>
            ) : (
              <>
                <LockIcon aria-hidden="true" className="size-4" />
                <span className="font-medium">Internal note by {item.author}</span>
                <span className="rounded bg-warning px-1.5 text-xs font-medium text-warning-foreground">internal</span>
              </>
            )}
            <time dateTime={item.at} className="ml-auto text-xs text-muted-foreground tabular-nums">
              {formatDateTime(item.at)}
            </time>
          </div>
          <p className="break-words whitespace-pre-wrap">{item.body}</p>
          {item.kind === "reply" ? (
            <p
              className={cn(
                "text-xs",
                item.delivery === "sent" ? "text-muted-foreground" : "font-medium",
                item.delivery === "failed" && "text-destructive",
              )}
            >
              {deliveryText(item)}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
