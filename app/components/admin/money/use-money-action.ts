import { useStaffAction } from "~/components/admin/use-staff-action";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";

type Answer = ActionAnswer<{ message: string }>;

/** A money page's action: `send` posts it, its answer becomes a toast; `busy` while one runs. */
export function useMoneyAction() {
  const { submit, busy } = useStaffAction<Answer>((answer) => {
    if (answer.ok) toast.success("Done", { description: answer.message });
    else toast.error("Not done", { description: answer.error });
  });
  const send = (fields: Record<string, string>) => void submit(fields);
  return { send, busy };
}
