import { useStaffAction } from "~/components/admin/use-staff-action";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";

export type InboxAnswer = ActionAnswer<{ message: string }>;

/**
 * A message page's action: `send` posts one change, its answer becomes a toast (and goes to
 * `then`, so a form can keep or clear its text); `busy` while one runs.
 */
export function useInboxAction(then?: (answer: InboxAnswer) => void) {
  const { submit, busy } = useStaffAction<InboxAnswer>((answer) => {
    if (answer.ok) toast.success("Message updated", { description: answer.message });
    else toast.error("Message not changed", { description: answer.error });
    then?.(answer);
  });
  return { send: (fields: Record<string, string>) => void submit(fields), busy };
}
