import * as React from "react";
import { useFetcher } from "react-router";
import type { ActionAnswer } from "~/lib/action-answer";
import type { CsvRow } from "~/lib/results-csv";

/** What the Results page's action answers: a message to show, or a refusal (with a CSV's row errors). */
export type ResultAnswer = ActionAnswer<{ message: string }, { csvError: string | null; rowErrors: Pick<CsvRow, "line" | "errors">[] }>;

/**
 * Posts one of the Results page's intents (form-encoded, through the action pipeline) and hands
 * each answer to `onAnswer` once. The page's loader runs again after every post, so the list
 * shows the change.
 */
export function useResultAction(onAnswer: (answer: ResultAnswer) => void) {
  const fetcher = useFetcher<ResultAnswer>();
  const handled = React.useRef<ResultAnswer | undefined>(undefined);
  const latest = React.useRef(onAnswer);
  React.useEffect(() => {
    latest.current = onAnswer;
  });
  React.useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || answer === handled.current) return;
    handled.current = answer;
    latest.current(answer);
  }, [fetcher.state, fetcher.data]);
  const submit = React.useCallback(
    (values: Record<string, string>) => fetcher.submit(values, { method: "post" }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fetcher.submit],
  );
  return { submit, busy: fetcher.state !== "idle" };
}
