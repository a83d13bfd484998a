import * as React from "react";

/**
 * Calls `onAnswer` once for each answer a fetcher receives, when it is back to idle: a toast, a
 * form's field errors, a navigation. React Router keeps `fetcher.data` after the answer, so
 * without this a re-render would handle the same answer twice. `onAnswer` may change on every
 * render; the latest one is called.
 */
export function useFetcherAnswer<T>(fetcher: { state: string; data: T | undefined }, onAnswer: (answer: T) => void) {
  const handled = React.useRef<T | undefined>(undefined);
  const latest = React.useRef(onAnswer);
  React.useEffect(() => {
    latest.current = onAnswer;
  });
  React.useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || answer === undefined || answer === handled.current) return;
    handled.current = answer;
    latest.current(answer);
  }, [fetcher.state, fetcher.data]);
}
