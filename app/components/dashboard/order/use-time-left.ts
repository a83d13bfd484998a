import * as React from "react";
import { timeLeftText } from "~/lib/orders";

const MINUTE = 60_000;

/**
 * How long the open order stays open, in words, counting down while the page is open: the
 * server's words first (so the page hydrates as it was rendered), then the browser's clock, read
 * again each time what is left passes a whole minute, the finest step the words have, so the
 * member is never told they have longer than they do.
 */
export function useTimeLeft(order: { expiresAt: string; timeLeft: string }): string {
  const [text, setText] = React.useState(order.timeLeft);
  React.useEffect(() => {
    const ends = Date.parse(order.expiresAt);
    let timer: number | undefined;
    const tick = () => {
      const left = ends - Date.now();
      setText(timeLeftText(left));
      if (left > 0) timer = window.setTimeout(tick, (left % MINUTE) + 1);
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [order.expiresAt]);
  return text;
}
