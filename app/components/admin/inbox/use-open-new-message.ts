import * as React from "react";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import type { InboxStatus } from "~/lib/view-types/admin/inbox";

/**
 * A staff member who may answer has opened a new message: it becomes "open", through the page's
 * action (a page's GET writes nothing), once per message. Quiet when it works: the badge and the
 * history change as the page reloads its data; a refusal says so.
 */
export function useOpenNewMessage({
  status,
  messageId,
  enabled,
}: {
  status: InboxStatus;
  messageId: number;
  enabled: boolean;
}) {
  const { submit } = useStaffAction<ActionAnswer<{ message: string }>>((answer) => {
    if (!answer.ok) toast.error("Message not marked open", { description: answer.error });
  });
  const posted = React.useRef<number | null>(null);
  React.useEffect(() => {
    if (!enabled || status !== "new" || posted.current === messageId) return;
    posted.current = messageId;
    void submit({ intent: "open" });
  }, [enabled, status, messageId, submit]);
}
