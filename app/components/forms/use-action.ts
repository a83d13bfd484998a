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
  // The post in flight, known at once: `busy` disables a button only once React has rendered, and
  // a double click (or Enter twice) on a slow phone lands both before that. The fetcher would then
  // drop the first answer for the second's, and the second of an idempotent action is its replay
  // ("already made") although the first did the work. Only the same post again is ignored: a
  // different one (a button taking over an autosave) still replaces the one in flight. Declared
  // before useFetcherAnswer so that its effect clears it first: an answer's handler may post again.
  const inFlight = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (fetcher.state === "idle") inFlight.current = null;
  }, [fetcher.state]);
  // The answer is the JSON envelope T (no Dates or bigints travel here), so it is read as T.
  useFetcherAnswer(fetcher as unknown as { state: string; data: T | undefined }, onAnswer);
  // fetcher.submit is stable across renders; the fetcher object itself is not.
  const { submit: send } = fetcher;
  // `to` posts elsewhere than `action`: to an address learned from an answer, before a render could pass it in.
  const submit = React.useCallback(
    async (body: ActionBody, to: string | undefined = action) => {
      const post = JSON.stringify([to ?? null, body]);
      if (inFlight.current === post) return;
      inFlight.current = post;
      await send(body, { method: "post", action: to, encType });
    },
    [action, encType, send],
  );
  return { submit, busy: fetcher.state !== "idle" };
}
