import * as React from "react";

/** Calls `reset` each time a dialog opens, so nothing of an earlier opening stays on screen. */
export function useResetOnOpen(open: boolean, reset: () => void) {
  const latest = React.useRef(reset);
  React.useEffect(() => {
    latest.current = reset;
  });
  React.useEffect(() => {
    if (open) latest.current();
  }, [open]);
}
