import { Badge } from "~/components/ui/badge";
import { formatTimestamp } from "~/lib/dates";
import type { DepositWatcherHealth } from "~/lib/view-types/admin/money-deposits";

/** "42 s", "7 min", "3 h 5 min", "2 d 4 h": a lag as a person reads it. */
export function formatLag(ms: number) {
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h ${min % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

/**
 * Whether the watcher keeps up: it polls every `pollSeconds` and its cursor stays a little
 * behind the newest block (confirmation takes about a minute), so a lag of a few poll intervals
 * plus some minutes is normal; more means it stopped or cannot reach TronGrid.
 */
function behind(health: DepositWatcherHealth) {
  return health.lagMs !== null && health.lagMs > Math.max(10 * 60_000, health.pollSeconds * 1000 * 10);
}

/** The watcher's health: last poll, cursor and its lag, the newest block read, the last error. */
export function DepositWatcherHealthPanel({ health }: { health: DepositWatcherHealth }) {
  const state = !health.enabled
    ? { label: "Off", variant: "outline" as const }
    : health.polledAt === null
      ? { label: "Not polled yet", variant: "outline" as const }
      : health.pollOk === false
        ? { label: "Last poll failed", variant: "destructive" as const }
        : behind(health)
          ? { label: "Behind", variant: "destructive" as const }
          : { label: "Polling", variant: "success" as const };
  return (
    <section aria-labelledby="watcher-health" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="watcher-health" className="text-lg font-semibold">
          Deposit watcher
        </h2>
        <Badge variant={state.variant}>{state.label}</Badge>
      </div>
      {!health.enabled ? (
        <p className="text-sm text-muted-foreground">
          TRON_API_URL is not set, so no deposits are read. A rescan still moves the cursor for when it is.
        </p>
      ) : null}
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div className="rounded-lg border p-3">
          <dt className="text-muted-foreground">Last poll</dt>
          <dd className="font-medium tabular-nums">{health.polledAt ? formatTimestamp(health.polledAt) : "Never"}</dd>
          <dd className="text-muted-foreground">every {health.pollSeconds} s</dd>
        </div>
        <div className="rounded-lg border p-3">
          <dt className="text-muted-foreground">Cursor lag</dt>
          <dd className="font-medium tabular-nums">
            {health.lagMs === null ? "No cursor yet" : `${formatLag(health.lagMs)} behind now`}
          </dd>
          {health.cursorAt ? (
            <dd className="text-muted-foreground tabular-nums">reads from {formatTimestamp(health.cursorAt)}</dd>
          ) : null}
        </div>
        <div className="rounded-lg border p-3">
          <dt className="text-muted-foreground">Newest block read</dt>
          <dd className="font-medium tabular-nums">
            {health.newestBlock === null ? "None yet" : health.newestBlock.toLocaleString("en-US")}
          </dd>
          {health.newestBlockAt ? (
            <dd className="text-muted-foreground tabular-nums">{formatTimestamp(health.newestBlockAt)}</dd>
          ) : null}
        </div>
        <div className="rounded-lg border p-3">
          <dt className="text-muted-foreground">Last error</dt>
          <dd className="font-medium break-words">{health.lastError ?? "None"}</dd>
          {health.lastErrorAt ? (
            <dd className="text-muted-foreground tabular-nums">{formatTimestamp(health.lastErrorAt)}</dd>
          ) : null}
        </div>
      </dl>
    </section>
  );
}
