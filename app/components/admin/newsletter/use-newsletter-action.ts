import { useStaffAction } from "~/components/admin/use-staff-action";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";

type Answer = ActionAnswer<{ message: string }>;

/** The newsletter page's one action: `send` posts a change, its answer becomes a toast; `busy` while one runs. */
export function useNewsletterAction() {
  const { submit, busy } = useStaffAction<Answer>((answer) => {
    if (answer.ok) toast.success("Newsletter updated", { description: answer.message });
    else toast.error("Newsletter not changed", { description: answer.error });
  });
  const send = (fields: Record<string, string>) => void submit(fields);
  return { send, busy };
}
