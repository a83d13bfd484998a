import type * as React from "react";
import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "~/lib/dates";
import type { MemberTelegramView } from "~/lib/view-types/admin/members";
import { Facts, MemberSection } from "./member-section";

/**
 * The member's Telegram link: username, whether it is verified, the proven id and the chats
 * joined, each with its failing removal if the bot could not take them out of it.
 */
export function MemberTelegramSection({
  telegram,
  actions,
}: {
  telegram: MemberTelegramView;
  actions?: React.ReactNode;
}) {
  return (
    <MemberSection id="member-telegram" title="Telegram" actions={actions}>
      <Facts
        items={[
          ["Username", telegram.username ? `@${telegram.username}` : "None"],
          [
            "Verified",
            telegram.verified ? (
              <Badge variant="success">Verified</Badge>
            ) : (
              <Badge variant="outline">Not verified</Badge>
            ),
          ],
          ["Telegram id", telegram.userId ?? "None"],
        ]}
      />
      <h3 className="font-medium">Chats joined</h3>
      {telegram.chats.length === 0 ? (
        <p className="text-sm text-muted-foreground">In no chat.</p>
      ) : (
        <ul className="grid gap-1 text-sm" aria-label="Chats joined">
          {telegram.chats.map((c) => (
            <li key={c.chatId}>
              <code className="text-xs">{c.chatId}</code>{" "}
              <span className="text-muted-foreground">joined {formatDateTime(c.joinedAt)}</span>
              {c.removalFailed ? (
                <span className="mt-1 flex flex-wrap items-center gap-2">
                  <Badge variant="destructive">Removal failing</Badge>
                  <span className="break-words">
                    {c.removalFailed.error} Next try {formatDateTime(c.removalFailed.nextAttemptAt)}.
                  </span>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </MemberSection>
  );
}
