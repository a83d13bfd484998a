import * as React from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { ActionAnswer } from "~/lib/action-answer";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
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
  // The answer is the JSON envelope T (no Dates or bigints travel here), so it is read as T.
  useFetcherAnswer(fetcher as unknown as { state: string; data: T | undefined }, (answer) => {
    // A session that ended: the dashboard takes over (one toast, its data off the screen, sign in).
    if (!answer.ok && answer.signedOut && endSession) return endSession(answer.error);
    onAnswer(answer);
    if (!answer.ok && answer.signedOut) void revalidator.revalidate();
  });

  // fetcher.submit is stable across renders; the fetcher object itself is not.
  const { submit: send } = fetcher;
  const submit = React.useCallback(
    (body: Record<string, string | number | boolean | number[]>) => send(body, { method: "post", action, encType: "application/json" }),
    [action, send],
  );
  return { submit, busy: fetcher.state !== "idle" };
}
