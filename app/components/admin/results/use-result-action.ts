import * as React from "react";
import { useFetcher } from "react-router";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
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
  useFetcherAnswer(fetcher, onAnswer);
  const submit = React.useCallback(
    (values: Record<string, string>) => fetcher.submit(values, { method: "post" }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fetcher.submit],
  );
  return { submit, busy: fetcher.state !== "idle" };
}
