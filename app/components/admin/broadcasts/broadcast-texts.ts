import type { BroadcastProgress, BroadcastState } from "~/lib/broadcasts";

/** How each state looks as a badge. */
export const STATE_VARIANTS: Record<BroadcastState, "outline" | "warning" | "default" | "success" | "secondary"> = {
  draft: "outline",
  scheduled: "warning",
  sending: "default",
  done: "success",
  cancelled: "secondary",
};

/** The counts an operator watches, in the order they are shown; skipped and cancelled only when not zero. */
export const PROGRESS_LABELS: { key: keyof BroadcastProgress; label: string; always: boolean }[] = [
  { key: "queued", label: "Queued", always: true },
  { key: "sent", label: "Sent", always: true },
  { key: "failed", label: "Failed", always: true },
  { key: "blocked", label: "Blocked the bot", always: true },
  { key: "skipped", label: "Skipped (opted out)", always: false },
  { key: "cancelled", label: "Not sent (cancelled)", always: false },
];

export const totalOf = (p: BroadcastProgress) => Object.values(p).reduce((sum, n) => sum + n, 0);

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
