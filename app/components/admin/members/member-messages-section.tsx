import { Link } from "react-router";
import { EmptyState } from "~/components/admin/list/empty-state";
import { formatDateTime } from "~/lib/dates";
import { INBOX_STATUS_LABELS, type MemberContactMessage } from "~/lib/view-types/admin/inbox";
import { MemberSection } from "./member-section";

/** The member's contact messages (signed in, or from their address), each opening in the inbox. */
export function MemberMessagesSection({ messages }: { messages: MemberContactMessage[] }) {
  return (
    <MemberSection id="member-messages" title="Messages">
      {messages.length === 0 ? (
        <EmptyState className="text-sm">No messages sent through the contact form.</EmptyState>
      ) : (
        <ul className="grid gap-2 text-sm" aria-label="Contact messages">
          {messages.map((m) => (
            <li key={m.id}>
              <Link
                to={`/admin/inbox/${m.id}`}
                className={
                  "grid gap-1 rounded-md border p-3 hover:bg-accent focus-visible:ring-[3px] " +
                  "focus-visible:ring-ring/50 focus-visible:outline-none"
                }
              >
                <span className="text-muted-foreground tabular-nums">
                  {INBOX_STATUS_LABELS[m.status]} · {formatDateTime(m.createdAt)}
                </span>
                <span className="break-words whitespace-pre-line">{m.excerpt}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </MemberSection>
  );
}
