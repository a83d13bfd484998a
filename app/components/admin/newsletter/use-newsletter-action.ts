import { useFetcher } from "react-router";
import { toast } from "~/components/ui/sonner";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import type { ActionAnswer } from "~/lib/action-answer";

type Answer = ActionAnswer<{ message: string }>;

/** The newsletter page's one fetcher: `send` posts a change, its answer becomes a toast; `busy` while one runs. */
export function useNewsletterAction() {
  const fetcher = useFetcher<Answer>();
  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) toast.success("Newsletter updated", { description: answer.message });
    else toast.error("Newsletter not changed", { description: answer.error });
  });
  const send = (fields: Record<string, string>) => void fetcher.submit(fields, { method: "post" });
  return { send, busy: fetcher.state !== "idle" };
}
