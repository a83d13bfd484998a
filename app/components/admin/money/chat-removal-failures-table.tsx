import { EmptyState } from "~/components/admin/list/empty-state";
import { MemberLink } from "~/components/admin/list/member-cell";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatTimestamp } from "~/lib/dates";
import { plural } from "~/lib/plural";
import type { ChatRemovalFailures } from "~/lib/view-types/admin/money";

/**
 * Members whose subscription ended but whom the bot could not take out of a paid chat: they keep
 * the chat until a retry works, so the operator needs to see why (usually the bot's rights).
 */
export function ChatRemovalFailuresTable({ failures }: { failures: ChatRemovalFailures }) {
  const { rows, total } = failures;
  return (
    <section aria-labelledby="chat-removals" className="grid gap-3">
      <div>
        <h2 id="chat-removals" className="text-lg font-semibold">
          Chat removals failing
        </h2>
        <p className="text-sm text-muted-foreground">
          Every run the renewal job takes members whose subscription ended out of the paid Telegram chats. When Telegram
          refuses, the member stays in the chat and the job tries again after 1 minute, then waits twice as long after
          each failure, up to an hour. “Not enough rights” means the bot is no longer an administrator with the “Ban
          users” right in that chat: restore it and the next try removes them.
        </p>
      </div>
      {rows.length === 0 ? (
        <EmptyState>No removal from a paid chat is failing.</EmptyState>
      ) : (
        <>
          {total > rows.length ? (
            <p className="text-sm">
              {plural(total, "removal")} failing; the latest {rows.length} are shown.
            </p>
          ) : null}
          <Table aria-label="Chat removals failing">
            <TableHeader>
              <TableRow>
                <TableHead>Member</TableHead>
                <TableHead>Chat</TableHead>
                <TableHead className="text-right">Tries</TableHead>
                <TableHead>Telegram’s answer</TableHead>
                <TableHead>Last try</TableHead>
                <TableHead>Next try</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={`${row.chatId}:${row.telegramUserId}`}>
                  <TableCell label="Member" className="max-w-64 whitespace-normal">
                    {row.userId ? (
                      <MemberLink userId={row.userId}>{row.email ?? row.userId}</MemberLink>
                    ) : (
                      <span className="text-muted-foreground">Deleted account</span>
                    )}{" "}
                    <span className="text-muted-foreground">(Telegram id {row.telegramUserId})</span>
                  </TableCell>
                  <TableCell label="Chat" className="whitespace-normal">
                    {row.plans ?? "No plan"} <code className="text-xs">{row.chatId}</code>
                  </TableCell>
                  <TableCell label="Tries" className="text-right tabular-nums max-sm:text-left">
                    {row.attempts}
                  </TableCell>
                  <TableCell label="Telegram’s answer" className="max-w-80 whitespace-normal break-words">
                    {row.error}
                  </TableCell>
                  <TableCell label="Last try" className="tabular-nums">
                    {formatTimestamp(row.failedAt)}
                  </TableCell>
                  <TableCell label="Next try" className="tabular-nums">
                    {formatTimestamp(row.nextAttemptAt)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </section>
  );
}
