import * as React from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { ActionAnswer } from "~/lib/action-answer";

export type { ActionAnswer } from "~/lib/action-answer";

/**
 * Posts JSON to one of the dashboard's API routes and calls `onAnswer` once per answer. A 401
 * (the session ended elsewhere) reloads the page data, whose guard then sends the member to
 * sign in. The dashboard's loader reloads after every successful call, so lists stay current.
 */
export function useMemberAction<T extends ActionAnswer>(action: string, onAnswer: (answer: T) => void) {
  const fetcher = useFetcher<T>();
  const revalidator = useRevalidator();
  const handled = React.useRef<T | undefined>(undefined);
  const latest = React.useRef(onAnswer);
  React.useEffect(() => {
    latest.current = onAnswer;
  });

  const answer = fetcher.data as T | undefined;
  React.useEffect(() => {
    if (fetcher.state !== "idle" || answer === undefined || answer === handled.current) return;
    handled.current = answer;
    latest.current(answer);
    if (!answer.ok && answer.signedOut) void revalidator.revalidate();
  }, [fetcher.state, answer, revalidator]);

  // fetcher.submit is stable across renders; the fetcher object itself is not.
  const { submit: send } = fetcher;
  const submit = React.useCallback(
    (body: Record<string, string | number | boolean | number[]>) => send(body, { method: "post", action, encType: "application/json" }),
    [action, send],
  );
  return { submit, busy: fetcher.state !== "idle" };
}
