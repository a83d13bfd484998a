import { useRevalidator } from "react-router";
import { useAction } from "~/components/forms/use-action";
import type { ActionAnswer } from "~/lib/action-answer";
import { useEndSession } from "./session-state";

export type { ActionAnswer } from "~/lib/action-answer";

/**
 * Posts JSON to one of the dashboard's API routes (`action`) and calls `onAnswer` once per answer,
 * its arguments in the order of `useAction` and `useStaffAction`. A 401
 * (the session ended elsewhere) is not handed to `onAnswer`: it ends the dashboard
 * (session-state.tsx), which takes the member's data off the screen, shows the refusal's text
 * once and goes to sign in. The dashboard's loader reloads after every successful call, so lists stay current.
 */
export function useMemberAction<T extends ActionAnswer>(onAnswer: (answer: T) => void, { action }: { action: string }) {
  const revalidator = useRevalidator();
  const endSession = useEndSession();
  return useAction<T>(
    (answer) => {
      // A session that ended: the dashboard takes over (one toast, its data off the screen, sign in).
      if (!answer.ok && answer.signedOut && endSession) return endSession(answer.error);
      onAnswer(answer);
      if (!answer.ok && answer.signedOut) void revalidator.revalidate();
    },
    { action },
  );
}
