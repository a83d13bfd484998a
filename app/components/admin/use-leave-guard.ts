import * as React from "react";
import { useBlocker } from "react-router";

/**
 * Holds back leaving an editor with unsaved changes: another page of the site asks
 * first (the blocker, shown as a dialog by the caller); closing the tab or reloading gets the
 * browser's own question. `allowWhile` lets the editor's own moves through.
 */
export function useLeaveGuard(dirty: boolean) {
  const allowed = React.useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  React.useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  const allowWhile = React.useCallback(async (move: () => Promise<void> | void) => {
    allowed.current = true;
    try {
      await move();
    } finally {
      allowed.current = false;
    }
  }, []);
  return { blocker, allowWhile };
}
