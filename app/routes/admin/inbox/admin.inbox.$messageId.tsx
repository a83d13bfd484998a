import { data, Link } from "react-router";
import { InboxAlertStatus } from "~/components/admin/inbox/inbox-alert-status";
import { InboxCompose } from "~/components/admin/inbox/inbox-compose";
import { InboxControls } from "~/components/admin/inbox/inbox-controls";
import { InboxStatusBadge } from "~/components/admin/inbox/inbox-status-badge";
import { InboxThread } from "~/components/admin/inbox/inbox-thread";
import { InboxThreadHeader } from "~/components/admin/inbox/inbox-thread-header";
import { useOpenNewMessage } from "~/components/admin/inbox/use-open-new-message";
import { MemberLink } from "~/components/admin/list/member-cell";
import { TargetHistory } from "~/components/admin/target-history";
import { formatDateTime } from "~/lib/dates";
import { adminMeta } from "~/lib/meta";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { inboxActionSchema, inboxThreadSchema } from "~/lib/validation/admin/inbox";
import { recordIdParam, routeParams } from "~/lib/validation/route-params";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { readRouteParams } from "#server/http/route-params";
import { requireStaffPermission } from "#server/http/staff-guard";
import { getLogger } from "#server/lib/logger";
import { addInboxNote } from "#server/staff/inbox/add-inbox-note";
import { assignInboxMessage } from "#server/staff/inbox/assign-inbox-message";
import { changeInboxStatus } from "#server/staff/inbox/change-inbox-status";
import { deliverInboxReplies } from "#server/staff/inbox/deliver-inbox-replies";
import { getInboxMessage } from "#server/staff/inbox/get-inbox-message";
import { inboxTarget } from "#server/staff/inbox/inbox-message-row";
import { listInboxAssignees } from "#server/staff/inbox/list-inbox-assignees";
import { openInboxMessage } from "#server/staff/inbox/open-inbox-message";
import { replyToInboxMessage } from "#server/staff/inbox/reply-to-inbox-message";
import { listTargetHistory } from "#server/staff/list-target-history";
import type { Route } from "./+types/admin.inbox.$messageId";

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(loaded?.message ? `Message from ${loaded.message.name}` : "Message");

/** `/admin/inbox/<id>`; anything else is 404. */
const pageParams = routeParams({ messageId: recordIdParam });

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "inbox.read" satisfies StaffPermission;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  const db = getDb();
  const { messages } = inboxThreadSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const message = await getInboxMessage({
    db,
    messageId: readRouteParams(pageParams, params).messageId,
    shownMessages: messages,
  });
  if (!message) throw data("Not Found", { status: 404 });
  const [assignees, history] = await Promise.all([
    listInboxAssignees({ db }),
    listTargetHistory({ db, target: inboxTarget(message.id) }),
  ]);
  return {
    message,
    assignees,
    history,
    canReply: can(staff.role, "inbox.reply"),
    canReadAudit: can(staff.role, "audit.read"),
    // Members' pages are for those who may read members.
    canOpenMember: can(staff.role, "members.read"),
  };
}

/** Opening a new message, status, assignment, an internal note, or a reply emailed to the sender; each audited. */
export const action = defineAction({
  access: "staff",
  permission: "inbox.reply",
  schema: inboxActionSchema,
  params: pageParams,
  run: async ({ input, staff, params: { messageId } }) => {
    const db = getDb();
    const actor = staff.actor;
    switch (input.intent) {
      case "open": {
        const done = await openInboxMessage({ db, messageId, actor });
        return { message: done.changed ? "Marked open." : "It was already taken up." };
      }
      case "status": {
        const done = await changeInboxStatus({ db, messageId, status: input.status, actor });
        return { message: done.changed ? `Marked ${input.status}.` : `It was already ${input.status}.` };
      }
      case "assign": {
        const done = await assignInboxMessage({ db, messageId, assigneeId: input.assignee || null, actor });
        return { message: done.assignee ? `Assigned to ${done.assignee}.` : "Assigned to nobody." };
      }
      case "note":
        await addInboxNote({ db, messageId, body: input.body, actor });
        return { message: "Note added. Only the staff see it." };
      case "reply": {
        const saved = await replyToInboxMessage({ db, messageId, body: input.body, actor });
        // Tried at once, after commit, so the thread shows it sent; a failure stays queued for
        // the inbox-replies job, and the reply is saved either way.
        const sent = await deliverInboxReplies({ db, entryId: saved.entryId })
          .then((result) => result.sent > 0)
          .catch((error: unknown) => {
            getLogger().warn({ reply: saved.entryId, err: (error as Error).message }, "inbox reply: first try failed");
            return false;
          });
        return {
          message: sent
            ? `Reply emailed to ${saved.email}.`
            : `Reply saved. Its email to ${saved.email} could not be sent yet and will be retried.`,
        };
      }
    }
  },
});

export default function AdminInboxMessage({ loaderData }: Route.ComponentProps) {
  const { message, assignees, history, canReply, canReadAudit, canOpenMember } = loaderData;
  useOpenNewMessage({ status: message.status, messageId: message.id, enabled: canReply });
  return (
    <div className="grid max-w-4xl gap-6">
      <p className="text-sm">
        <Link to="/admin/inbox" className="text-muted-foreground hover:text-foreground">
          ← Inbox
        </Link>
      </p>
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold break-words">Message from {message.name}</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <InboxStatusBadge status={message.status} />
          <span className="break-all">{message.email}</span>
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          {message.memberId ? (
            canOpenMember ? (
              <MemberLink userId={message.memberId} className="underline">
                Sent by a member: open their page
              </MemberLink>
            ) : (
              <span>Sent by a signed-in member</span>
            )
          ) : null}
        </p>
      </div>
      <InboxAlertStatus alert={message.alert} />
      {canReply ? (
        <InboxControls status={message.status} assignedTo={message.assignedTo} assignees={assignees} />
      ) : null}
      <section aria-labelledby="inbox-thread" className="grid gap-3">
        <h2 id="inbox-thread" className="text-lg font-semibold">
          Thread
        </h2>
        <InboxThreadHeader shown={message.threadMessages.shown} total={message.threadMessages.total} />
        <InboxThread items={message.thread} />
      </section>
      {canReply ? (
        <section aria-labelledby="inbox-answer" className="grid gap-6">
          <h2 id="inbox-answer" className="sr-only">
            Answer
          </h2>
          <InboxCompose kind="reply" email={message.email} />
          <InboxCompose kind="note" email={message.email} />
        </section>
      ) : null}
      <TargetHistory history={history} canReadAudit={canReadAudit} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
