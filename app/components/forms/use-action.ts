import * as React from "react";
import { useFetcher } from "react-router";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import type { ActionAnswer } from "~/lib/action-answer";

export type ActionBody = Record<string, string | number | boolean | number[] | string[] | null>;

type ActionOptions = {
  /** The address posted to; by default the page's own action. */
  action?: string;
  /** JSON for the API routes; the back office's page actions read a form. */
  encType?: "application/json" | "application/x-www-form-urlencoded";
};

/**
 * Posts to one action and calls `onAnswer` once per answer (the envelope of
 * app/lib/action-answer.ts). The member's and the staff's hooks (`useMemberAction`,
 * `useStaffAction`) build on it with what each side does about a session that ended.
 */
export function useAction<T extends ActionAnswer>(
  onAnswer: (answer: T) => void,
  { action, encType = "application/json" }: ActionOptions = {},
) {
  const fetcher = useFetcher<T>();
  // The answer is the JSON envelope T (no Dates or bigints travel here), so it is read as T.
  useFetcherAnswer(fetcher as unknown as { state: string; data: T | undefined }, onAnswer);
  // fetcher.submit is stable across renders; the fetcher object itself is not.
  const { submit: send } = fetcher;
  // `to` posts elsewhere than `action`: to an address learned from an answer, before a render could pass it in.
  const submit = React.useCallback(
    (body: ActionBody, to: string | undefined = action) => send(body, { method: "post", action: to, encType }),
    [action, encType, send],
  );
  return { submit, busy: fetcher.state !== "idle" };
}
