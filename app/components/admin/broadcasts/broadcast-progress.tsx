import * as React from "react";
import { useRevalidator } from "react-router";
import type { BroadcastState } from "~/lib/broadcasts";
import type { AdminBroadcast } from "~/lib/view-types/admin/broadcasts";
import { PROGRESS_LABELS, totalOf } from "./broadcast-texts";

/** How often the page reads the counts again while messages go out, and while one waits for its time. */
const REFRESH_MS: Partial<Record<BroadcastState, number>> = { sending: 2_000, scheduled: 15_000 };

/**
 * Reads the page's data again every few seconds while the broadcast is on its way (or waiting
 * for its time), and stops once it is finished or cancelled; never while a read is under way.
 */
export function useRefreshWhile(state: BroadcastState) {
  const revalidator = useRevalidator();
  const latest = React.useRef(revalidator);
  latest.current = revalidator;
  const every = REFRESH_MS[state];
  React.useEffect(() => {
    if (!every) return;
    const timer = window.setInterval(() => {
      if (latest.current.state === "idle" && document.visibilityState === "visible") void latest.current.revalidate();
    }, every);
    return () => window.clearInterval(timer);
  }, [every]);
}

/** What became of the broadcast's messages so far: queued, sent, failed, blocked the bot (and skipped, cancelled). */
export function BroadcastProgress({ broadcast }: { broadcast: AdminBroadcast }) {
  useRefreshWhile(broadcast.state);
  const { progress } = broadcast;
  const total = totalOf(progress);
  const handled = total - progress.queued;
  return (
    <section aria-labelledby="broadcast-progress" className="grid gap-3">
      <h2 id="broadcast-progress" className="text-lg font-semibold">
        Progress
      </h2>
      {total > 0 ? (
        <progress
          aria-label="Messages handled"
          value={handled}
          max={total}
          className="h-2 w-full max-w-xl overflow-hidden rounded-full accent-primary"
        />
      ) : null}
      <dl aria-label="Messages" className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {PROGRESS_LABELS.filter((item) => item.always || progress[item.key] > 0).map((item) => (
          <div key={item.key} className="rounded-md bg-muted/50 p-3">
            <dt className="text-muted-foreground">{item.label}</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid={`progress-${item.key}`}>
              {progress[item.key].toLocaleString("en-US")}
            </dd>
          </div>
        ))}
      </dl>
      {total === 0 && broadcast.state === "scheduled" ? (
        <p className="text-sm text-muted-foreground">
          Members are queued when it starts, so the audience is as it is then.
        </p>
      ) : null}
    </section>
  );
}
