import * as React from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { ActionAnswer } from "~/lib/action-answer";
import { useEndSession } from "./session-state";

export type { ActionAnswer } from "~/lib/action-answer";

/**
 * Posts JSON to one of the dashboard's API routes and calls `onAnswer` once per answer. A 401
 * (the session ended elsewhere) is not handed to `onAnswer`: it ends the dashboard
 * (session-state.tsx), which takes the member's data off the screen, shows the refusal's text
 * once and goes to sign in. The dashboard's loader reloads after every successful call, so lists stay current.
 */
export function useMemberAction<T extends ActionAnswer>(action: string, onAnswer: (answer: T) => void) {
  const fetcher = useFetcher<T>();
  const revalidator = useRevalidator();
  const endSession = useEndSession();
  const handled = React.useRef<T | undefined>(undefined);
  const latest = React.useRef(onAnswer);
  React.useEffect(() => {
    latest.current = onAnswer;
  });

  const answer = fetcher.data as T | undefined;
  React.useEffect(() => {
    if (fetcher.state !== "idle" || answer === undefined || answer === handled.current) return;
    handled.current = answer;
    // A session that ended: the dashboard takes over (one toast, its data off the screen, sign in).
    if (!answer.ok && answer.signedOut && endSession) return endSession(answer.error);
    latest.current(answer);
    if (!answer.ok && answer.signedOut) void revalidator.revalidate();
  }, [fetcher.state, answer, revalidator, endSession]);

  // fetcher.submit is stable across renders; the fetcher object itself is not.
  const { submit: send } = fetcher;
  const submit = React.useCallback(
    (body: Record<string, string | number | boolean | number[]>) => send(body, { method: "post", action, encType: "application/json" }),
    [action, send],
  );
  return { submit, busy: fetcher.state !== "idle" };
}
