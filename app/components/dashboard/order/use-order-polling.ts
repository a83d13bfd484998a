import * as React from "react";
import { useRevalidator } from "react-router";

/** How often a waiting order view asks again (the deposit watcher polls the chain every few seconds). */
export const ORDER_POLL_MS = 5_000;

/**
 * While the order waits for its money, the dashboard's loader is asked again every few seconds
 * (only while the tab is visible), so a deposit landing turns the view paid with no reload.
 */
export function useOrderPolling(active: boolean) {
  const revalidator = useRevalidator();
  const revalidate = React.useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  React.useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") void revalidate.current();
    }, ORDER_POLL_MS);
    return () => window.clearInterval(timer);
  }, [active]);
}
